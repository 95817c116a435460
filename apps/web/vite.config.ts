import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import type * as Prerender from './src/prerender';

const src = path.resolve(import.meta.dirname, 'src');
const contract = path.resolve(import.meta.dirname, '../../packages/contract/src');
/** The modules the first screen of a new visitor starts from: the entry and the sign-in screen. */
const SIGN_IN = path.join(src, 'features/auth/routes/login.tsx');
const FIRST_SCREEN = [path.join(src, 'main.tsx'), SIGN_IN];

/**
 * React Router 7's package exports name only its development build (dev warnings on, larger);
 * the production build sits beside it (remix-run/react-router#12532, #14102). Builds use that one.
 */
const reactRouterProduction = path.resolve(
  path.dirname(fileURLToPath(import.meta.resolve('react-router'))),
  '../production/index.mjs',
);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `name.br` and `name.gz` beside every text asset of the build, so the server sends them
 * as they are (@fastify/static `preCompressed`) instead of compressing on each request. A few
 * lines over node:zlib rather than a plugin: see docs/dependencies.md.
 */
function precompress(): Plugin {
  return {
    name: 'rally:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          if (data.length < 1024) return; // a packet either way; the server sends it as it is
          await Promise.all([
            writeFile(`${full}.gz`, await gzip(data, { level: 9 })),
            writeFile(
              `${full}.br`,
              await brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
            ),
          ]);
        }),
      );
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` to index.html for the sign-in screen's chunk and its imports,
 * so they download in parallel with the entry instead of after it has run (Vite already preloads
 * the entry's own imports).
 */
function preloadSignIn(): Plugin {
  return {
    name: 'rally:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const login = chunks.find((chunk) => chunk.facadeModuleId === SIGN_IN);
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!login || !entry) throw new Error('preloadSignIn: no chunk for the sign-in screen or the entry');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          wanted.push(file);
          for (const next of byName.get(file)?.imports ?? []) visit(next);
        };
        visit(login.fileName);
        return wanted.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Writes the guest screens (src/prerender.tsx: sign-in, sign-up, forgot password) as
 * `prerendered/<screen>.html`: the built index.html with the screen's markup in #root and its
 * critical CSS in <head>, so the screen is drawn before any script has loaded (ADR 0011). The
 * server sends them for those paths. They join the bundle, so `precompress` compresses them too.
 * The screens are rendered in Node by Vite's SSR module loader over this same config (aliases,
 * JSX); node_modules load as they are, where emotion works in its server mode.
 */
function prerenderGuestScreens(): Plugin {
  return {
    name: 'rally:prerender',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string')
          return this.error('prerender: no index.html in the bundle');
        const template = index.source;
        const loader = await createServer({
          configFile: path.join(import.meta.dirname, 'vite.config.ts'),
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const prerender = (await loader.ssrLoadModule(path.join(src, 'prerender.tsx'))) as typeof Prerender;
          for (const pathname of prerender.PRERENDERED_PATHS)
            this.emitFile({
              type: 'asset',
              fileName: `prerendered${pathname}.html`,
              source: await prerender.prerenderPage(template, pathname),
            });
        } finally {
          await loader.close();
        }
      },
    },
  };
}

/**
 * Chunks for the first screen of a new visitor, so it arrives in a few requests: every library
 * module that the entry or the sign-in screen imports statically goes into `react` (React alone
 * is a third of it: on its own it stays under Vite's 500 kB warning) or `vendor`, both imported
 * by the entry. The signed-in screens find those libraries already loaded, and the two chunks
 * keep their hash (and the browser's cached copy) across releases that change only Rally's code.
 */
function firstScreenChunks() {
  type Ctx = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };
  const reach = (start: string, ctx: Ctx) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      // Not through the contract: its index re-exports the schemas, which the first screen does
      // not use (tree-shaken) and which bring zod; forms load them on first use.
      if (!next.startsWith(contract)) stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    return seen;
  };
  let reachable: Set<string> | undefined;
  return (id: string, ctx: Ctx) => {
    reachable ??= new Set(FIRST_SCREEN.flatMap((start) => [...reach(start, ctx)]));
    if (!id.includes('/node_modules/') || !reachable.has(id)) return null;
    return /\/node_modules\/(?:react|react-dom|scheduler)\//.test(id) ? 'react' : 'vendor';
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadSignIn(), prerenderGuestScreens(), precompress()],
  resolve: {
    alias: {
      '@rally/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts'),
      ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  server: {
    proxy: {
      // ws: the realtime gateway is a WebSocket under /api.
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/static': 'http://127.0.0.1:3000',
      '/files': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    // Maps for reading production stack traces, written next to the files but never referenced
    // by them; the server refuses every .map (apps/server/src/http/web-app.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle-size.mjs measures.
    manifest: true,
    // Every browser Rally supports preloads modules natively (Chromium 66, Firefox 115, Safari
    // 17), so the polyfill would only weigh on /login's first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: firstScreenChunks(), debugName: 'first-screen chunks' }] },
        // The entry's preload map names every chunk of every screen: a bare hash keeps that map,
        // which /login downloads, small (the manifest still says which module each chunk is).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
}));
