import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@rally/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts') },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/static': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
});
