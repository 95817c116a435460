/**
 * Lighthouse 12 (performance only) on the built app, as a first-time visitor gets it (not a test).
 *
 *   npm run build && npm run lighthouse
 *
 * 1. needs a build (apps/server/dist, apps/web/dist); builds nothing itself;
 * 2. seeds demo data (`npm run seed:demo -w @rally/server`) into a fresh temp DATA_DIR, and starts
 *    the production server on it (`node apps/server/dist/main.js`, 127.0.0.1, a free port,
 *    LOG_LEVEL=warn, SQLite, no Redis, mail to the log);
 * 3. warms the server up (the page and its scripts, three times), signs the demo coach in through
 *    POST /api/login (demo.coach@rally.test / rally-demo);
 * 4. launches Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; headless, no sandbox,
 *    no GPU, no background networking) through puppeteer-core and runs Lighthouse on
 *      /login        as a guest,
 *      /engagements, and /engagements/{id}/timeline of the demo coach's newest engagement,
 *                    signed in: the session the web app keeps in localStorage
 *                    (apps/web/src/lib/session-storage.ts) is written on the origin first, and
 *                    Lighthouse runs with disableStorageReset (the HTTP cache is emptied first),
 *    with Lighthouse's mobile preset (its default: simulated slow 4G, 4x CPU slowdown) and its
 *    desktop preset, LIGHTHOUSE_RUNS times each (default 3), reporting the median run by score;
 * 5. prints a markdown table: performance score, LCP, FCP, TBT, CLS, Speed Index and the bytes of
 *    JavaScript transferred (as sent: brotli). LIGHTHOUSE_JSON=<file> also writes every run's
 *    numbers, LIGHTHOUSE_REPORTS=<folder> every run's full Lighthouse result (lhr JSON).
 *
 * The server and the browser are stopped at the end, on failure and on Ctrl-C; the temp folder is
 * removed. bench/RESULTS.md is updated by hand.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { email: 'demo.coach@rally.test', password: 'rally-demo' };
const API_HEADERS = { accept: 'application/json', 'accept-version': '1.3' };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

async function waitHealthy(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /api/health within 30 s');
}

interface Row {
  page: string;
  preset: 'mobile' | 'desktop';
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsBytes: number;
  lighthouse: string;
}

function rowOf(page: string, preset: Row['preset'], result: RunnerResult | undefined): Row {
  if (!result) throw new Error(`Lighthouse gave no result for ${page} (${preset})`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  const jsBytes = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    page,
    preset,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    jsBytes,
    lighthouse: lhr.lighthouseVersion,
  };
}

const median = (rows: Row[]) =>
  [...rows].sort((a, b) => a.score - b.score || b.lcp - a.lcp)[Math.floor(rows.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const serverMain = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverMain) || !existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('no build to measure: run npm run build first');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-lighthouse-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    if (server && server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'WEB_DIST_DIR', 'PUBLIC_URL']) delete env[name];

    const seed = spawnSync('npm', ['run', 'seed:demo', '-w', '@rally/server', '--silent'], {
      cwd: root,
      env,
      stdio: 'pipe',
    });
    if (seed.status !== 0) throw new Error(`seed:demo failed:\n${seed.stderr.toString()}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [serverMain], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitHealthy(base, server);
    // A production server is warm: load the page and its scripts a few times before measuring.
    const page = await (await fetch(`${base}/login`)).text();
    // Every /assets/ URL of the page: src and href, and the prerendered page's data-modules list.
    const assets = [...new Set([...page.matchAll(/\/assets\/[^"\s]+/g)].map((m) => m[0]))];
    for (let round = 0; round < 3; round++)
      await Promise.all(
        [`/login`, ...assets].map((url) =>
          fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer()),
        ),
      );

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    if (!login.ok) throw new Error(`POST /api/login answered ${login.status}: ${await login.text()}`);
    const { data } = (await login.json()) as { data: { token: string } & Record<string, unknown> };
    const { token, ...user } = data;
    // The demo coach's newest engagement, for its timeline.
    const teams = await fetch(`${base}/api/user/teams`, {
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    if (!teams.ok) throw new Error(`GET /api/user/teams answered ${teams.status}: ${await teams.text()}`);
    const [team] = ((await teams.json()) as { data: { id: number }[] }).data;
    if (!team) throw new Error('the demo coach has no engagement');

    const chromium = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    browser = chromium;
    const version = await chromium.version();

    const presets: [Row['preset'], Config | undefined][] = [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ];
    const pages: { page: string; signedIn: boolean }[] = [
      { page: '/login', signedIn: false },
      { page: '/engagements', signedIn: true },
      { page: `/engagements/${team.id}/timeline`, signedIn: true },
    ];
    /** One Lighthouse run in a fresh tab; a run whose trace Chrome failed to record is run again. */
    const audit = async (page: string, signedIn: boolean, config: Config | undefined, run: number, preset: string) => {
      for (let attempt = 1; ; attempt++) {
        if (signedIn) {
          // The web app's session (lib/session-storage.ts), written on the origin in a tab of its
          // own (every non-HTML answer is a sandboxed document without storage).
          const setup = await chromium.newPage();
          await setup.goto(`${base}/login`);
          await setup.evaluate(
            (t, u) => {
              const { localStorage } = globalThis as unknown as {
                localStorage: { setItem(k: string, v: string): void };
              };
              localStorage.setItem('rally.token', t);
              localStorage.setItem('rally.user', u);
            },
            token,
            JSON.stringify(user),
          );
          await setup.close();
        }
        const tab = await chromium.newPage();
        // disableStorageReset keeps the HTTP cache too: empty it, a returning user on a cold cache.
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        const flags: Flags = {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: signedIn,
        };
        const result = await lighthouse(`${base}${page}`, flags, config, tab);
        await tab.close();
        if (process.env.LIGHTHOUSE_REPORTS && result)
          writeFileSync(
            path.join(process.env.LIGHTHOUSE_REPORTS, `${page.slice(1).replaceAll('/', '-')}-${preset}-${run}.json`),
            JSON.stringify(result.lhr),
          );
        if (!result?.lhr.runtimeError || attempt === 3) return result;
        process.stderr.write(`${page} ${preset} run ${run}: ${result.lhr.runtimeError.code}, again\n`);
        if (server?.exitCode !== null || server?.signalCode)
          throw new Error(`the server stopped (exit ${server?.exitCode}, signal ${server?.signalCode})`);
      }
    };

    // LIGHTHOUSE_PAGES=/login (or /engagements, timeline) and LIGHTHOUSE_PRESETS=mobile narrow a
    // run down while iterating.
    const only = (list: string | undefined, value: string) =>
      !list || list.split(',').some((x) => x === value || (x === 'timeline' && value.endsWith('/timeline')));
    const all: Row[] = [];
    const results: Row[] = [];
    for (const { page, signedIn } of pages.filter((p) => only(process.env.LIGHTHOUSE_PAGES, p.page)))
      for (const [preset, config] of presets.filter(([name]) => only(process.env.LIGHTHOUSE_PRESETS, name))) {
        const runs: Row[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await audit(page, signedIn, config, i + 1, preset);
          const row = rowOf(page, preset, result);
          runs.push(row);
          all.push(row);
          process.stderr.write(`${page} ${preset} run ${i + 1}/${RUNS}: ${row.score}, LCP ${seconds(row.lcp)}\n`);
        }
        results.push(median(runs));
      }

    console.log(`Lighthouse ${results[0]?.lighthouse}, ${version}, median of ${RUNS} runs\n`);
    console.log('| page | preset | score | LCP | FCP | TBT | CLS | Speed Index | JS transferred |');
    console.log('| --- | --- | --: | --: | --: | --: | --: | --: | --: |');
    for (const r of results)
      console.log(
        `| ${r.page} | ${r.preset} | ${r.score} | ${seconds(r.lcp)} | ${seconds(r.fcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${seconds(r.si)} | ${(r.jsBytes / 1024).toFixed(1)} KB |`,
      );
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify({ version, runs: all }, null, 2));
  } finally {
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
