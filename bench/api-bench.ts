/**
 * Load benchmark of the API's hottest reads (not a test). The rule it follows: the load generator
 * runs in a separate process, beside a bare Fastify hello-world measured in the same run, and the
 * result is the ratio to the hello-world, because this machine is shared and noisy.
 *
 *   npm run bench -w @rally/bench
 *
 * Per database (BENCH_DB = sqlite | postgres | both, default sqlite):
 *  1. seeds a fresh database with the measured code's own repositories (bench/support/seed.ts, a
 *     child process): a coach (verified e-mail, active trial) who owns 3 teams of 12 members
 *     each, and a bearer token for them. SQLite: the file the server will open
 *     (DATA_DIR/rally.sqlite). PostgreSQL (BENCH_DATABASE_URL, default
 *     postgres://postgres@127.0.0.1:5432/test): a fresh schema rally_bench_<pid>, reached through
 *     `options=-c search_path=…` in the server's DATABASE_URL, dropped at the end;
 *  2. starts Rally's server (the production build, apps/server/dist/main.js, built first;
 *     BENCH_SERVER=source runs src through tsx instead) and a bare Fastify hello-world
 *     (bench/support/hello-server.mjs), each in its own process on a port it picks itself;
 *  3. BENCH_ROUNDS rounds (default 5), each over every target in a rotating order, with the
 *     load generator in a third process, one target at a time (bench/support/load.ts:
 *     autocannon, 20 connections, a 2 s warm-up thrown away, then BENCH_SECONDS, default 10);
 *  4. prints markdown: per target the median req/s, median p50 and p99, and the median req/s as
 *     a percentage of the hello-world's median req/s; the server's RSS before and after.
 *
 * Other settings: BENCH_LOG_LEVEL (server's LOG_LEVEL, default warn), BENCH_REDIS_URL (give the
 * server Redis for rate limits; default none, so a PostgreSQL run differs from SQLite only in
 * the database), BENCH_BUILD=0 (use the existing build as it is), BENCH_REF=<commit> (measure
 * that commit instead of the working tree: its apps/server and packages/contract are exported
 * with `git archive` to a temp folder and built there; e.g. BENCH_REF=HEAD for a baseline that
 * leaves out uncommitted work). Every child is killed at the end, on failure and on Ctrl-C; the
 * temp folders and the schema are removed; the whole run has a deadline. Progress goes to
 * stderr, results to stdout; bench/RESULTS.md is updated by hand. More: bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LoadRequest, LoadSummary } from './support/load.js';
import type { SeedRequest, SeedResult } from './support/seed.js';
import { portOf, repoRoot, startServer, stopProcess, waitHealthy } from './support/server.js';
import { buildServer, treeAt, workingTree, type Tree } from './support/tree.js';
import { positive } from './support/figures.js';

type DbKind = 'sqlite' | 'postgres';

const SECONDS = positive('BENCH_SECONDS', 10);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 5));
const WARMUP_SECONDS = 2;
const CONNECTIONS = 20;
const TEAMS = 3;
const MEMBERS_PER_TEAM = 12;
const DB_MODE = process.env.BENCH_DB || 'sqlite';
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL || '';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const ENTRY: 'dist' | 'source' = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
const REF = process.env.BENCH_REF || '';
const BUILD = ENTRY === 'dist' && (REF !== '' || process.env.BENCH_BUILD !== '0');
const API_VERSION = '1.3';

const kinds: DbKind[] =
  DB_MODE === 'both'
    ? ['sqlite', 'postgres']
    : DB_MODE === 'postgres'
      ? ['postgres']
      : DB_MODE === 'sqlite'
        ? ['sqlite']
        : [];
if (kinds.length === 0) throw new Error(`BENCH_DB must be sqlite, postgres or both, got ${DB_MODE}`);

interface Target {
  name: string;
  /** Which server answers it. */
  on: 'hello' | 'rally';
  path: string;
  bearer: boolean;
}

const TARGETS: Target[] = [
  { name: 'hello-world `GET /`', on: 'hello', path: '/', bearer: false },
  { name: '`GET /api/user/profile`', on: 'rally', path: '/api/user/profile', bearer: true },
  { name: `\`GET /api/user/teams\` (coach, ${TEAMS} teams)`, on: 'rally', path: '/api/user/teams', bearer: true },
  { name: '`GET /api/subscription-packages`', on: 'rally', path: '/api/subscription-packages', bearer: false },
];

// ---------------------------------------------------------------------------------------------
// Child processes and clean-up: everything started is tracked and killed however the run ends.

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
/** Set once the benchmark stops its children itself (end, failure, Ctrl-C). */
let finishing = false;

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function cleanUpAll(): Promise<void> {
  finishing = true;
  await Promise.all([...children].map((c) => stopProcess(c, 3_000)));
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('clean-up failed:', err);
    }
  }
}

// Last resort: a child must never outlive this process.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Facts about the machine and the code, printed with the results.

function facts(tree: Tree): string[] {
  const cpus = os.cpus();
  return [
    `date: ${new Date().toISOString()}`,
    `code: ${tree.describe}`,
    `machine: nproc ${os.availableParallelism()}, ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start`,
    `node: ${process.version}`,
    `server: ${ENTRY === 'dist' ? 'node apps/server/dist/main.js (production build)' : 'node --import tsx apps/server/src/main.ts (source)'}, LOG_LEVEL=${LOG_LEVEL}, ${REDIS_URL ? `REDIS_URL=${REDIS_URL}` : 'no Redis'}`,
    `load: autocannon 8 in its own process, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded) + ${SECONDS} s per target, ${ROUNDS} rounds, rotating order`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Seeding, with the measured tree's own repositories, before its server starts.

/** The server's DATABASE_URL for one schema: search_path through libpq's `options`. */
function urlForSchema(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Runs `script` (a .ts file, relative to `cwd`) as a child process with `arg`; its last stdout line is JSON. */
function runJsonChild<T>(cwd: string, script: string, arg: unknown, timeoutS: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, JSON.stringify(arg)], {
        cwd,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    // The child stops on its own; this only catches one that hangs.
    const limit = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      if (code !== 0) return reject(new Error(`${script} ended with ${signal ?? code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T);
      } catch {
        reject(new Error(`${script} printed no JSON summary: ${out}`));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// One load run, in its own process.

/** The load generator runs from this repository whatever tree is measured. */
const runLoad = (request: LoadRequest) =>
  runJsonChild<LoadSummary>(repoRoot, 'bench/support/load.ts', request, request.seconds + request.warmupSeconds + 30);

/** VmRSS of a process, in MiB (Linux). */
function rssMiB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// One database: seed, start the servers, run the rounds, stop everything.

interface DbRun {
  kind: DbKind;
  results: Map<Target, LoadSummary[]>;
  rss: { start?: number; end?: number; helloEnd?: number };
  note: string;
}

async function benchDatabase(tree: Tree, kind: DbKind): Promise<DbRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  let schema: string | undefined;
  let note = 'SQLite (WAL, synchronous=FULL) in a temp dir';
  if (kind === 'postgres') {
    schema = `rally_bench_${process.pid}`;
    const dropSchema = `drop schema if exists ${schema} cascade`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ server_version: string }>('show server_version');
      await admin.query(dropSchema);
      await admin.query(`create schema ${schema}`);
      note = `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${new URL(PG_URL).host}, fresh schema ${schema}`;
    } finally {
      await admin.end();
    }
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(dropSchema);
      } finally {
        await c.end();
      }
    });
    databaseUrl = urlForSchema(PG_URL, schema);
  }
  console.error(`[${kind}] seeding ${schema ? `schema ${schema}` : path.join(dataDir, 'rally.sqlite')}`);
  const seedRequest: SeedRequest = {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(schema ? { schema } : {}),
    dataDir,
    teams: TEAMS,
    membersPerTeam: MEMBERS_PER_TEAM,
  };
  const { token } = await runJsonChild<SeedResult>(tree.root, 'bench/support/seed.ts', seedRequest, 120);

  // Port 0: each server takes a free port itself and we read it from /proc, so nothing else on
  // this shared machine can take it between our choosing it and the server binding it.
  const rally = track(
    startServer(dataDir, 0, {
      root: tree.root,
      entry: ENTRY,
      databaseUrl,
      redisUrl: REDIS_URL,
      logLevel: LOG_LEVEL,
      trustProxy: false,
    }),
  );
  const hello = track(
    spawn(process.execPath, ['bench/support/hello-server.mjs', '0'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  let stopping = false;
  for (const [name, child] of [
    ['Rally server', rally],
    ['hello-world', hello],
  ] as const) {
    child.once('exit', (code, signal) => {
      if (!stopping && !finishing)
        console.error(`[${kind}] the ${name} (pid ${child.pid}) exited with ${signal ?? code} during the run`);
    });
  }
  const bases = {
    rally: `http://127.0.0.1:${await portOf(rally)}`,
    hello: `http://127.0.0.1:${await portOf(hello)}`,
  };
  await waitHealthy(bases.rally, { timeoutMs: 30_000, child: rally });
  await waitHealthy(bases.hello, { timeoutMs: 10_000, probe: '/', child: hello });

  const headersOf = (t: Target): Record<string, string> => ({
    'accept-version': API_VERSION,
    ...(t.bearer ? { authorization: `Bearer ${token}` } : {}),
  });
  // Every target answers 200 with what the seed promises before any load.
  for (const t of TARGETS) {
    const res = await fetch(bases[t.on] + t.path, { headers: headersOf(t) });
    const body = (await res.json()) as { data?: unknown };
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: ${JSON.stringify(body)}`);
    if (t.path === '/api/user/teams' && (!Array.isArray(body.data) || body.data.length !== TEAMS))
      throw new Error(`${t.path} did not list ${TEAMS} teams: ${JSON.stringify(body).slice(0, 300)}`);
  }

  const rss: DbRun['rss'] = { start: rssMiB(rally.pid) };
  const results = new Map<Target, LoadSummary[]>(TARGETS.map((t) => [t, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
    for (const t of order) {
      const r = await runLoad({
        url: bases[t.on] + t.path,
        headers: headersOf(t),
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
      results.get(t)!.push(r);
      for (const [name, child] of [
        ['Rally server', rally],
        ['hello-world', hello],
      ] as const)
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${name} is gone; results void`);
      const bad = r.errors + r.non2xx + r.warmup.errors + r.warmup.non2xx;
      console.error(
        `[${kind}] round ${round + 1}/${ROUNDS} ${t.path.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          `  p50 ${r.p50} ms  p99 ${r.p99} ms${bad ? `  ERRORS ${r.errors} non2xx ${r.non2xx} (warm-up ${r.warmup.errors}/${r.warmup.non2xx})` : ''}`,
      );
    }
  }
  rss.end = rssMiB(rally.pid);
  rss.helloEnd = rssMiB(hello.pid);
  stopping = true;
  await Promise.all([stopProcess(rally), stopProcess(hello)]);
  if (rally.exitCode !== 0)
    console.error(`[${kind}] note: the server exited with ${rally.exitCode ?? rally.signalCode}`);
  return { kind, results, rss, note };
}

// ---------------------------------------------------------------------------------------------
// Statistics and the report.

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const int = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;
const pct = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} %`;

interface Row {
  target: Target;
  rps: number;
  min: number;
  max: number;
  p50: number;
  p99: number;
  ratio: number;
  errors: number;
}

function rowsOf(run: DbRun): Row[] {
  const helloRps = median(run.results.get(TARGETS[0]!)!.map((r) => r.requestsPerSecond));
  return TARGETS.map((target) => {
    const rs = run.results.get(target)!;
    const rps = median(rs.map((r) => r.requestsPerSecond));
    return {
      target,
      rps,
      min: Math.min(...rs.map((r) => r.requestsPerSecond)),
      max: Math.max(...rs.map((r) => r.requestsPerSecond)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      ratio: rps / helloRps,
      errors: sum(rs.map((r) => r.errors + r.non2xx)),
    };
  });
}

function table(run: DbRun): string {
  const mib = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(0));
  const lines = [
    `**${run.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** — ${run.note}; Rally server RSS ${mib(run.rss.start)}→${mib(run.rss.end)} MiB (hello-world ${mib(run.rss.helloEnd)} MiB)`,
    '',
    '| target | req/s (median) | req/s min–max | p50 | p99 | vs hello-world | errors + non-2xx |',
    '| --- | --: | --: | --: | --: | --: | --: |',
    ...rowsOf(run).map(
      (r) =>
        `| ${r.target.name} | ${int(r.rps)} | ${int(r.min)}–${int(r.max)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.target.on === 'hello' ? '100 %' : pct(r.ratio * 100)} | ${r.errors} |`,
    ),
  ];
  return lines.join('\n');
}

function comparison(sqlite: DbRun, postgres: DbRun): string {
  const a = rowsOf(sqlite);
  const b = rowsOf(postgres);
  const lines = [
    '| target | PostgreSQL / SQLite, req/s | PostgreSQL / SQLite, share of hello-world |',
    '| --- | --: | --: |',
    ...a.slice(1).map((r, i) => {
      const p = b[i + 1]!;
      return `| ${r.target.name} | ${(p.rps / r.rps).toFixed(2)}× | ${(p.ratio / r.ratio).toFixed(2)}× |`;
    }),
  ];
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const perDb = ROUNDS * TARGETS.length * (SECONDS + WARMUP_SECONDS + 5) + 90;
  const deadlineS = kinds.length * perDb + (BUILD ? 300 : 0);
  const deadline = setTimeout(() => {
    console.error(`the benchmark overran its ${deadlineS} s deadline; stopping`);
    void cleanUpAll().finally(() => process.exit(1));
  }, deadlineS * 1000);
  deadline.unref();

  const tree = REF ? treeAt(REF) : workingTree();
  cleanups.push(async () => tree.remove());
  const header = facts(tree);
  if (BUILD) buildServer(tree);

  const runs: DbRun[] = [];
  for (const kind of kinds) runs.push(await benchDatabase(tree, kind));

  const out = [
    '',
    ...header.map((l) => `- ${l}`),
    `- load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `- command: ${[
      'BENCH_DB',
      'BENCH_REF',
      'BENCH_SECONDS',
      'BENCH_ROUNDS',
      'BENCH_SERVER',
      'BENCH_LOG_LEVEL',
      'BENCH_REDIS_URL',
    ]
      .filter((v) => process.env[v])
      .map((v) => `${v}=${process.env[v]}`)
      .concat('npm run bench -w @rally/bench')
      .join(' ')}`,
    '',
    ...runs.flatMap((r) => [table(r), '']),
  ];
  const sqlite = runs.find((r) => r.kind === 'sqlite');
  const postgres = runs.find((r) => r.kind === 'postgres');
  if (sqlite && postgres) out.push(comparison(sqlite, postgres), '');
  console.log(out.join('\n'));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
