import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const contract = path.resolve(import.meta.dirname, 'packages/contract/src/index.ts');

export default defineConfig({
  resolve: { alias: { '@rally/contract': contract } },
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine a single worker,
    // with the second core idle while a test file waits on I/O. Two there; the default elsewhere.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Every test builds its own app and database; sharing the module graph saves
          // re-importing Fastify and Kysely for each file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A bound, not a wait: a few screens take 12 s on a loaded machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
