import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const contract = path.resolve(import.meta.dirname, 'packages/contract/src/index.ts');

const webTests = 'apps/web/src/**/*.test.{ts,tsx}';
/**
 * Web test files that need a module graph of their own: those that mock a module (`vi.mock`
 * replaces it for every file sharing the graph), those that test a module's first-use state
 * (a lazily loaded tooltip, the Teams host check, the cross-tab sign-in listener), and the one
 * that empties the document's head (it would take the other files' Emotion styles with it).
 */
const firstUseTests = [
  'apps/web/src/app/early-reads.test.ts',
  'apps/web/src/app/providers.test.tsx',
  'apps/web/src/components/deferred-tooltip.test.tsx',
  'apps/web/src/app/routes/tab-config-outside.test.tsx',
];
const webSrc = 'apps/web/src';
const webTestsOwnGraph = [
  ...fs
    .readdirSync(path.join(import.meta.dirname, webSrc), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${webSrc}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'))),
  ...firstUseTests,
];

const web = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // A bound, not a wait: a few screens take 12 s on a loaded machine.
  testTimeout: 30_000,
} as const;

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
          ...web,
          name: 'web',
          include: [webTests],
          exclude: webTestsOwnGraph,
          // One jsdom and one module graph per worker, not per file: importing React, MUI and the
          // app again for each of ~100 files was a third of the web tests' time. The setup file
          // clears the DOM, the socket, the handlers and storage after every test.
          isolate: false,
        },
      },
      { extends: true, test: { ...web, name: 'web-own-graph', include: webTestsOwnGraph } },
    ],
  },
});
