import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import { PAGE_BOOT_SCRIPT, SIGNED_IN_BOOT_SCRIPT } from '@rally/contract';
import type * as Prerender from './src/prerender';

const src = path.resolve(import.meta.dirname, 'src');
const contract = path.resolve(import.meta.dirname, '../../packages/contract/src');
/** The modules the first screen of a new visitor starts from: the entry and the sign-in screen. */
const SIGN_IN = path.join(src, 'features/auth/routes/login.tsx');
const FIRST_SCREEN = [path.join(src, 'main.tsx'), SIGN_IN];
/** What every signed-in screen is drawn in: the frame, the app layout and a team's workspace. */
const SIGNED_IN_SHELL = ['app/signed-in-frame.tsx', 'app/layout/app-layout.tsx', 'app/routes/team-workspace.tsx'].map(
  (file) => path.join(src, file),
);
/**
 * What the frame and the layout load lazily on every signed-in page's first render: in the shell,
 * with what they import. They stay lazy (the first render does not wait for them), but they are
 * not requests of their own: on a phone's six connections every request on the way to the first
 * screen costs a round trip (issue 25), and a chunk of their own would also pull in a page's
 * chunk for a module they share with it.
 */
const SIGNED_IN_SHELL_LAZY = ['app/live-updates.tsx', 'features/notifications/components/notification-bell.tsx'];
/**
 * What the shell loads only after the first screen (when the page is idle, or on first use):
 * notistack, the bell's dialog, the user menu (issue 25). Chunks of their own; what they share with
 * the shell or a signed-in first page stays in `signed-in`, so that they do not move a module the
 * first pages draw into a page's chunk.
 */
const SIGNED_IN_SHELL_DEFERRED = [
  'app/notistack-host.tsx',
  'features/notifications/components/notifications-dialog.tsx',
  'app/layout/account-menu.tsx',
];
/**
 * Small MUI utilities that the deferred parts (with MUI's Tooltip, loaded by
 * `components/deferred-tooltip.tsx`) share with other screens, such as the profile's tabs: left
 * to the automatic split they are chunks of their own that put the profile over its budget.
 */
const DEFERRED_KEPT_IN_SHELL =
  /\/node_modules\/@mui\/utils\/(?:useRovingTabIndex|fastObjectShallowCompare|useSlotProps)\//;
/**
 * The pages a signed-in user opens on: the engagements list and a team's timeline (and its feeds).
 * `lazy`: what the page loads lazily on its first render, kept in its chunk (the same reasons).
 */
const SIGNED_IN_PAGES = [
  {
    file: path.join(src, 'app/routes/teams-page.tsx'),
    chunk: 'teams-page',
    lazy: ['features/billing/components/trial-notice.tsx', 'app/routes/main-panel-bell.tsx'],
  },
  { file: path.join(src, 'app/routes/timeline-page.tsx'), chunk: 'timeline-page', lazy: [] },
];

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

/** The bundle's chunks (not its assets), for the index.html plugins below. */
function chunksOf(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const entry = chunks.find((chunk) => chunk.isEntry);
  return { chunks, entry, byName: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
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
        const { chunks, entry, byName } = chunksOf(bundle);
        const login = chunks.find((chunk) => chunk.facadeModuleId === SIGN_IN);
        if (!login || !entry) throw new Error('preloadSignIn: no chunk for the sign-in screen or the entry');
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
 * Writes index.html's signed-in boot script (SIGNED_IN_BOOT_SCRIPT, ADR 0035) into its <head>, with
 * the chunks each page it knows needs beyond the entry's (`data-teams`, `data-timeline`): the
 * frame, layout and page that the entry would otherwise ask for only once it had run. The script
 * itself is the contract's text as it is (the server's CSP allows it by its hash).
 */
function bootSignedIn(): Plugin {
  return {
    name: 'rally:boot-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const { chunks, entry, byName } = chunksOf(bundle);
        if (!entry) throw new Error('bootSignedIn: no entry chunk');
        const chunkOf = (file: string) => {
          const found = chunks.find((chunk) => chunk.moduleIds.includes(path.join(src, file)));
          if (!found) throw new Error(`bootSignedIn: no chunk holds ${file}`);
          return found.fileName;
        };
        const files = (screens: string[]) => {
          const loaded = new Set([entry.fileName, ...entry.imports]);
          const wanted: string[] = [];
          const visit = (file: string) => {
            if (loaded.has(file)) return;
            loaded.add(file);
            wanted.push(`/${file}`);
            for (const next of byName.get(file)?.imports ?? []) visit(next);
          };
          for (const screen of screens) visit(chunkOf(screen));
          return wanted.join(' ');
        };
        const frame = ['app/signed-in-frame.tsx', 'app/layout/app-layout.tsx', ...SIGNED_IN_SHELL_LAZY];
        return [
          {
            tag: 'script',
            attrs: {
              'data-teams': files([...frame, 'app/routes/teams-page.tsx']),
              'data-timeline': files([...frame, 'app/routes/team-workspace.tsx', 'app/routes/timeline-page.tsx']),
            },
            children: SIGNED_IN_BOOT_SCRIPT,
            injectTo: 'head' as const,
          },
        ];
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
 * index.html (every page that is not a prerendered guest screen) starts the app as the prerendered
 * pages do (ADR 0011): its entry script is added by PAGE_BOOT_SCRIPT once the page's first frame
 * (the logo) has been painted, while the entry and its imports download from the start
 * (modulepreload). Run as the build's last step, after the prerendered pages were made from the
 * page as Vite wrote it. Evaluating the app before the first paint held up that paint for no gain
 * (ADR 0035): the logo was ready, the app's screen was not.
 */
function startAfterPaint(): Plugin {
  return {
    name: 'rally:start-after-paint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string')
          return this.error('startAfterPaint: no index.html in the bundle');
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index.source);
        const entryChunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
        const signedInBoot = index.source.indexOf(`>${SIGNED_IN_BOOT_SCRIPT}</script>`);
        if (!entry || entryChunk?.type !== 'chunk' || signedInBoot < 0)
          return this.error('startAfterPaint: index.html has no entry <script type="module"> or signed-in boot script');
        // The first screen never waits for a signed-in chunk (screenChunks keeps what it uses out).
        const signedInChunks = new Set(['signed-in', ...SIGNED_IN_PAGES.map((page) => page.chunk)]);
        const pulled = entryChunk.imports.filter((file) => {
          const imported = bundle[file];
          return imported?.type === 'chunk' && signedInChunks.has(imported.name);
        });
        if (pulled.length > 0)
          return this.error(`startAfterPaint: the entry imports signed-in chunks: ${pulled.join(', ')}`);
        // The sign-in screen's preloads (preloadSignIn) are for guests only: the signed-in boot
        // script adds them when no session is stored, instead of every visitor downloading them.
        const own = new Set(entryChunk.imports.map((file) => `/${file}`));
        const guest: string[] = [];
        let page = index.source.replace(
          /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
          (tag, href: string) => {
            if (own.has(href)) return tag;
            guest.push(href);
            return '';
          },
        );
        page = page.replace(
          `>${SIGNED_IN_BOOT_SCRIPT}</script>`,
          () => ` data-guest="${guest.join(' ')}">${SIGNED_IN_BOOT_SCRIPT}</script>`,
        );
        index.source = page.replace(
          entry[0],
          () =>
            `<link rel="modulepreload" crossorigin href="${entry[1]}">` +
            `<script data-modules="${entry[1]}">${PAGE_BOOT_SCRIPT}</script>`,
        );
      },
    },
  };
}

/**
 * The first screen's own modules that the lazy screens import too: the API client with what it
 * imports (the session, the early reads, the contract's endpoints), and the contract's ids and
 * limits. Left to the automatic split they made three chunks (the client, `ids`, `limits`; 0.2–3
 * KB) that every signed-in page asked for separately; `app-shared` is one request (issue 25).
 */
const FIRST_SCREEN_SHARED = [
  ...['api-client.ts', 'early-reads.ts', 'session-storage.ts', 'web-storage.ts'].map((file) =>
    path.join(src, 'lib', file),
  ),
  ...['endpoints.ts', 'route.ts', 'web-page.ts', 'ids.ts', 'limits.ts'].map((file) => path.join(contract, file)),
];

/** MUI's index module, which re-exports every component. */
const MUI_INDEX = /\/node_modules\/@mui\/material\/index\.m?js$/;

/** The names a module's code imports from `specifier` (`import { A, B as C } from '…'`: A, B). */
function namedImports(code: string | null | undefined, specifier: string): string[] {
  const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier.replace('/', '\\/')}["']`, 'g');
  return [...(code ?? '').matchAll(from)].flatMap(([, list]) =>
    list!
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );
}

/**
 * Chunks for the first screen of a new visitor, so it arrives in a few requests: every library
 * module that the entry or the sign-in screen imports statically goes into `react` (React alone
 * is a third of it: on its own it stays under Vite's 500 kB warning) or `vendor`, both imported
 * by the entry. The signed-in screens find those libraries already loaded, and the two chunks
 * keep their hash (and the browser's cached copy) across releases that change only Rally's code.
 * The entry's own modules that the screens import too go into one `app-shared` chunk
 * (FIRST_SCREEN_SHARED) rather than three small ones, and react-hook-form, which only the sign-in
 * screen among them uses, into `sign-in-vendor` (`signInOnly`).
 *
 * Then the signed-in app in a few chunks rather than dozens (ADR 0035): on a phone each request
 * costs a round trip, and a browser opens six connections per origin over HTTP/1.1, so sixty
 * chunks of under 2 KB each waited in line for seconds before the first signed-in render.
 * `signed-in` holds what every signed-in screen is drawn in (SIGNED_IN_SHELL, and what the two
 * pages a user opens on share); each of those pages gets one chunk of its own besides. The rarer
 * screens keep the automatic split. Nothing the first screen reaches is in them, so /login
 * loads none of them.
 */
function screenChunks() {
  type Info = { importedIds: readonly string[]; exports: readonly string[]; code: string | null };
  type Ctx = { getModuleInfo: (id: string) => Info | null };
  /** The contract's modules that bring no zod: all but its schemas and routes (forms load those on first use). */
  const plainContract = (id: string) =>
    id.startsWith(contract) &&
    !id.startsWith(path.join(contract, 'schemas')) &&
    !id.startsWith(path.join(contract, 'routes'));
  /**
   * The modules `start` imports statically, recursively. Not through the contract: its index
   * re-exports the schemas, which the first screen does not use (tree-shaken) and which bring
   * zod. `throughContract`: through its plain modules only.
   */
  const reach = (start: string, ctx: Ctx, throughContract = false) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const info = ctx.getModuleInfo(next);
      const imported = info?.importedIds ?? [];
      if (next.startsWith(contract)) {
        if (throughContract) stack.push(...imported.filter(plainContract));
        continue;
      }
      if (!throughContract) {
        stack.push(...imported);
        continue;
      }
      // MUI's index re-exports every component: through it, only to the ones imported by name
      // (`@mui/material/<Name>/index.mjs`), not to all of them.
      const barrel = imported.find((id) => MUI_INDEX.test(id));
      stack.push(...imported.filter((id) => id !== barrel));
      if (barrel) {
        const components = new Set(ctx.getModuleInfo(barrel)?.importedIds ?? []);
        for (const name of namedImports(info?.code, '@mui/material')) {
          const component = path.join(path.dirname(barrel), name, `index${path.extname(barrel)}`);
          if (components.has(component)) stack.push(component);
        }
      }
    }
    return seen;
  };
  /**
   * What the first screen reaches: its modules, and the contract's modules that export a name
   * it imports from `@rally/contract` (with what those import), which stay out of the signed-in
   * chunks: the entry would import them.
   */
  const firstScreenModules = (ctx: Ctx) => {
    const modules = new Set(FIRST_SCREEN.flatMap((start) => [...reach(start, ctx)]));
    const names = new Set([...modules].flatMap((id) => namedImports(ctx.getModuleInfo(id)?.code, '@rally/contract')));
    for (const id of reach(path.join(contract, 'index.ts'), ctx, true))
      if (ctx.getModuleInfo(id)?.exports.some((name) => names.has(name)))
        for (const used of reach(id, ctx, true)) modules.add(used);
    return modules;
  };
  let first: Set<string> | undefined;
  let signedIn: { shell: Set<string>; deferred: Set<string>; pages: Set<string>[] } | undefined;
  const firstScreen = (ctx: Ctx) => (first ??= firstScreenModules(ctx));
  const signedInModules = (ctx: Ctx) =>
    (signedIn ??= {
      shell: new Set([
        ...SIGNED_IN_SHELL.flatMap((start) => [...reach(start, ctx, true)]),
        ...SIGNED_IN_SHELL_LAZY.flatMap((file) => [...reach(path.join(src, file), ctx, true)]),
      ]),
      deferred: new Set(SIGNED_IN_SHELL_DEFERRED.flatMap((file) => [...reach(path.join(src, file), ctx, true)])),
      pages: SIGNED_IN_PAGES.map(
        (page) =>
          new Set(
            [page.file, ...page.lazy.map((file) => path.join(src, file))].flatMap((start) => [
              ...reach(start, ctx, true),
            ]),
          ),
      ),
    });
  let entry: Set<string> | undefined;
  /** Whether the entry or a signed-in first page (the shell, or one of SIGNED_IN_PAGES) reaches the module. */
  const signedInReaches = (id: string, ctx: Ctx) => {
    entry ??= reach(FIRST_SCREEN[0]!, ctx);
    const { shell, pages } = signedInModules(ctx);
    return entry.has(id) || shell.has(id) || pages.some((page) => page.has(id));
  };
  return {
    shared: (id: string) => (FIRST_SCREEN_SHARED.includes(id) ? 'app-shared' : null),
    firstScreen: (id: string, ctx: Ctx) => {
      if (!id.includes('/node_modules/') || !firstScreen(ctx).has(id)) return null;
      return /\/node_modules\/(?:react|react-dom|scheduler)\//.test(id) ? 'react' : 'vendor';
    },
    /**
     * react-hook-form, which of the entry's chunks only the sign-in screen uses (the signed-in
     * screens' forms are lazy): a chunk of its own that /login preloads and a signed-in first page
     * does not download (12 KB of `vendor` as transferred, issue 25). The MUI text fields stay in
     * `vendor`: split out too they cost /login more than its budget allows (gzip's shared window).
     */
    signInOnly: (id: string, ctx: Ctx) => {
      if (!id.includes('/node_modules/react-hook-form/') || !firstScreen(ctx).has(id) || signedInReaches(id, ctx))
        return null;
      return 'sign-in-vendor';
    },
    signedIn: (id: string, ctx: Ctx) => {
      if (firstScreen(ctx).has(id) || (id.startsWith(contract) && !plainContract(id))) return null;
      const { shell, deferred, pages: reached } = signedInModules(ctx);
      const pages = SIGNED_IN_PAGES.filter((_, i) => reached[i]!.has(id));
      if (shell.has(id) || pages.length > 1) return 'signed-in';
      // The deferred parts' own modules are theirs; what they share stays in the shell (as before).
      if (DEFERRED_KEPT_IN_SHELL.test(id)) return 'signed-in';
      if (deferred.has(id)) return pages.length > 0 ? 'signed-in' : null;
      return pages[0]?.chunk ?? null;
    },
  };
}

const chunkNames = screenChunks();

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadSignIn(), bootSignedIn(), prerenderGuestScreens(), startAfterPaint(), precompress()],
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
        codeSplitting: {
          groups: [
            // Their own modules only: the API client's imports include the contract's index.
            { name: chunkNames.shared, debugName: 'shared chunks', priority: 4, includeDependenciesRecursively: false },
            // Its own modules only (react-hook-form imports React, which is the entry's).
            {
              name: chunkNames.signInOnly,
              debugName: 'sign-in-only chunk',
              priority: 3,
              includeDependenciesRecursively: false,
            },
            { name: chunkNames.firstScreen, debugName: 'first-screen chunks', priority: 2 },
            {
              name: chunkNames.signedIn,
              debugName: 'signed-in chunk',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
        // The entry's preload map names every chunk of every screen: a bare hash keeps that map,
        // which /login downloads, small (the manifest still says which module each chunk is).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
}));
