#!/usr/bin/env node
// The web app's JavaScript budget (issue "Fast first load"), checked on the built app:
//   (a) what /login loads: the entry chunk and its static imports, recursively, plus the sign-in
//       route's lazy chunk and its static imports             ≤ 170 KB gzip
//   (b) the signed-in shell, the chunk `signed-in` (apps/web/vite.config.ts, ADR 0035: frame,
//       layout, team workspace and what the engagements list and the timeline share, one file
//       instead of dozens): what it and its static imports add to the entry's set
//                                                             ≤  70 KB gzip
//       (it replaced the frame's, layout's and workspace's rows of up to 50 KB each, which
//       overlapped: a signed-in first page loaded about 100 KB beyond the entry before it too)
//   (c) for each lazy route chunk (a screen of the route table, which lives in the entry, so they
//       are the entry's dynamic imports): what it and its static imports add to the entry's set
//       and the shell's                                       ≤ 50 KB gzip
// Sizes are gzip level 9 of each file, as the server sends the .gz beside it. Reads
// apps/web/dist/.vite/manifest.json (build.manifest in apps/web/vite.config.ts); run it after
// `npm run build`. Prints a table; exits 1 on a breach, 2 when there is no build to measure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const LOGIN_LIMIT = 170 * KB;
const ROUTE_LIMIT = 50 * KB;
const SHELL_LIMIT = 70 * KB;
const SHELL_CHUNK = 'signed-in';
const LOGIN_ROUTE = 'src/features/auth/routes/login.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`check-bundle-size: no ${path.relative(root, manifestFile)}; run npm run build first`);
  process.exit(2);
}

/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const chunk = (key) => {
  const found = manifest[key];
  if (!found) throw new Error(`check-bundle-size: ${key} is not in the manifest`);
  return found;
};

const sizes = new Map();
/** gzip -9 size of a built file, once per file. */
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};

/** The manifest keys of `key` and everything it imports statically, recursively (JS only). */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const next of chunk(key).imports ?? []) closure(next, into);
  return into;
}
const total = (keys) => [...keys].reduce((sum, key) => sum + gzipped(chunk(key).file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) throw new Error(`check-bundle-size: expected one entry, found ${entries.length}`);
const [entryKey] = entries;
const entrySet = closure(entryKey);

const rows = [];
const loginSet = closure(LOGIN_ROUTE, new Set(entrySet));
rows.push({
  what: `/login: entry + ${LOGIN_ROUTE}`,
  chunks: loginSet.size,
  bytes: total(loginSet),
  limit: LOGIN_LIMIT,
});
rows.push({ what: '  of which the entry and its imports', chunks: entrySet.size, bytes: total(entrySet) });

const shellKey = Object.keys(manifest).find((key) => manifest[key].name === SHELL_CHUNK && !manifest[key].src);
if (!shellKey) throw new Error(`check-bundle-size: no chunk named ${SHELL_CHUNK}`);
const shellSet = closure(shellKey, new Set(entrySet));
const shellExtra = [...shellSet].filter((k) => !entrySet.has(k));
rows.push({
  what: `signed-in shell (chunk ${SHELL_CHUNK})`,
  chunks: shellExtra.length,
  bytes: total(shellExtra),
  limit: SHELL_LIMIT,
});

const routes = [...(chunk(entryKey).dynamicImports ?? [])].filter((key) => key !== shellKey).sort();
if (!routes.includes(LOGIN_ROUTE)) throw new Error(`check-bundle-size: ${LOGIN_ROUTE} is not a lazy route chunk`);
for (const key of routes) {
  const extra = [...closure(key)].filter((k) => !shellSet.has(k));
  rows.push({
    what: `lazy route ${chunk(key).src ?? `chunk ${chunk(key).name ?? key}`}`,
    chunks: extra.length,
    bytes: total(extra),
    limit: ROUTE_LIMIT,
  });
}

const status = (row) => (row.limit === undefined ? '' : row.bytes <= row.limit ? 'ok' : 'OVER');
const table = [
  ['JS (gzip -9)', 'chunks', 'size', 'limit', ''],
  ...rows.map((row) => [row.what, String(row.chunks), kb(row.bytes), row.limit ? kb(row.limit) : '', status(row)]),
];
const widths = table[0].map((_, col) => Math.max(...table.map((line) => line[col].length)));
for (const [i, line] of table.entries()) {
  console.log(line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

const over = rows.filter((row) => status(row) === 'OVER');
if (over.length > 0) {
  console.error(`\ncheck-bundle-size: FAILED, over budget: ${over.map((row) => row.what.trim()).join('; ')}`);
  process.exit(1);
}
console.log('\ncheck-bundle-size: every budget met');
