/**
 * Timeline benchmark of issue 8 (not a test): a team's timeline over a database of 1 000 users,
 * 50 teams, 100 000 posts and 1 000 000 reactions and comments, beside a bare Fastify
 * hello-world measured in the same run, with the load generators in processes of their own.
 *
 *   npm run bench:timeline -w @rally/bench
 *
 * Per database (BENCH_DB = sqlite | postgres | both, default sqlite):
 *  1. bench/support/seed-timeline.ts (a child process) runs the measured code's migrations and
 *     bulk-loads the data (SQLite: better-sqlite3 on the file the server opens; PostgreSQL: a fresh
 *     schema rally_tl_bench_<pid>, reached through `options=-c search_path=…`, dropped at the
 *     end), BENCH_SCALE times the posts, reactions and comments (default 1). Teams 1–5 have
 *     10 000 posts each (× scale), so page 500 (20 a page: offset 9 980) exists. Bearer tokens for
 *     4 readers and 2 writers in each of those teams, made by the app's own code;
 *  2. Rally's production build (the working tree copied to a temp folder and built there, so
 *     others' edits and builds on this shared tree cannot change what is measured; BENCH_BUILD=0
 *     runs apps/server/dist as it is, BENCH_SERVER=source runs src through tsx) in its own process,
 *     LOG_LEVEL=warn, its log read for errors and SQLITE_BUSY, LIMIT_WRITES_PER_MINUTE=1000000 (the
 *     per-user write limit, 120 a minute, would turn the posting load into 429s); the
 *     hello-world (support/hello-server.mjs) in another;
 *  3. BENCH_ROUNDS rounds (default 3), each over every phase in a rotating order, each phase a
 *     2 s warm-up (thrown away) and BENCH_SECONDS (default 10):
 *     - max throughput (autocannon, support/load.ts, 20 connections): the hello-world `GET /`, and
 *       `GET /api/user/team/:id/timeline?page=1&per_page=20` (BENCH_PER_PAGE, 1–50) by the 20
 *       readers of the 5 big teams in turn;
 *     - a fixed rate, BENCH_READ_RATE (300) requests a second evenly spaced (support/paced.ts, an
 *       open loop; latency counted from the instant each request was due): the hello-world (the
 *       floor of what this box can measure), page 1, and page 500 of the same teams;
 *     - page 1 at the same fixed rate through autocannon's `overallRate`, for comparison only: it
 *       sends each second's requests in one burst over its 20 connections (see paced.ts);
 *     - posting under read load: page 1 at BENCH_READ_RATE and, in a second process at the same
 *       time, `POST /api/user/team/:id/posts {"content": …}` at BENCH_WRITE_RATE (20) a second by
 *       the 10 writers in turn; both measured;
 *  4. prints markdown: per phase the medians over rounds (and the p99 range), the generator's own
 *     lag, the CPU time per answered request of the process answering (/proc/<pid>/stat; on
 *     PostgreSQL also of the server's backends, found by application_name), how busy the machine
 *     was (CPU idle, and PSI CPU pressure: the share of time some task waited for a CPU); then
 *     the issue's targets against what was measured, the server's RSS (start, end, peak), errors
 *     and non-2xx answers (all must be 0), and log lines at level error or with SQLITE_BUSY.
 *
 * Other settings: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_LOG_LEVEL (the server's LOG_LEVEL, default warn), BENCH_PG_OPTIONS (more `-c` settings
 * for the server's PostgreSQL connections, to try one without touching the app).
 *
 * A timeline page is at most 5 queries whatever the page: asserted by the unit test
 * apps/server/src/modules/posts/posts.test.ts ("a page is a constant number of queries").
 * Every child is killed at the end, on failure and on Ctrl-C; temp folders and the schema are
 * removed; the run has a deadline. Progress on stderr, results on stdout; bench/RESULTS.md is
 * updated by hand. More: bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cleanUpAll, deadline, onCleanUp, runJsonChild, runLoad, runPaced } from './support/children.js';
import { badPaced, int, median, mib, ms, pacedLine, pct, positive, range, statuses, sum } from './support/figures.js';
import type { LoadSummary } from './support/load.js';
import type { PacedRequest, PacedSummary } from './support/paced.js';
import { startPair, type Pair } from './support/pair.js';
import { busyness, cpuMs, machine, memMiB } from './support/proc-stats.js';
import type { TimelineSeedRequest, TimelineSeedResult } from './support/seed-timeline.js';
import type { LogWatch } from './support/server-log.js';
import { API_VERSION, bearerHeaders, timelinePath as pagePath } from './support/timeline-api.js';
import { buildServer, workingTree, workingTreeSnapshot, type Tree } from './support/tree.js';

type DbKind = 'sqlite' | 'postgres';

const SECONDS = positive('BENCH_SECONDS', 10);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 3));
const SCALE = positive('BENCH_SCALE', 1);
const READ_RATE = positive('BENCH_READ_RATE', 300);
const WRITE_RATE = positive('BENCH_WRITE_RATE', 20);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 20;
/** The paced generator's connection pool (open loop: enough that it never waits for one at these rates). */
const PACED_CONNECTIONS = 64;
const READERS_PER_TEAM = 4;
const WRITERS_PER_TEAM = 2;
/** Posts a page: the issue's "page of 20 posts" (the timeline's default, Paging.feedPerPage, is 10). */
const PER_PAGE = Math.round(Number(process.env.BENCH_PER_PAGE || 20));
if (!Number.isInteger(PER_PAGE) || PER_PAGE < 1 || PER_PAGE > 50)
  throw new Error(`BENCH_PER_PAGE must be 1–50, got ${process.env.BENCH_PER_PAGE}`);
const TARGET_PAGE = 500;
const WRITE_LIMIT = '1000000';
const DB_MODE = process.env.BENCH_DB || 'sqlite';
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
/** More PostgreSQL settings for the server's connections, e.g. `-c plan_cache_mode=force_generic_plan`. */
const PG_OPTIONS = process.env.BENCH_PG_OPTIONS || '';
const ENTRY: 'dist' | 'source' = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
const BUILD = ENTRY === 'dist' && process.env.BENCH_BUILD !== '0';

const kinds: DbKind[] =
  DB_MODE === 'both'
    ? ['sqlite', 'postgres']
    : DB_MODE === 'postgres'
      ? ['postgres']
      : DB_MODE === 'sqlite'
        ? ['sqlite']
        : [];
if (kinds.length === 0) throw new Error(`BENCH_DB must be sqlite, postgres or both, got ${DB_MODE}`);

/**
 * CPU ms used so far by each PostgreSQL backend whose application_name is `name` (the server's
 * connections; the server runs on this machine, so /proc has them). A backend that ends during a
 * phase takes its CPU with it: the pool keeps its connections while they are busy.
 */
async function backendCpu(name: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
      name,
    ]);
    return new Map(
      rows.map((r) => [r.pid, cpuMs(r.pid)]).filter(([, ms]) => Number.isFinite(ms)) as [number, number][],
    );
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Phases.

type PhaseName = 'helloMax' | 'page1Max' | 'helloPaced' | 'page1Paced' | 'deepPaced' | 'page1Overall' | 'mixed';
const PHASES: PhaseName[] = ['helloMax', 'page1Max', 'helloPaced', 'page1Paced', 'deepPaced', 'page1Overall', 'mixed'];

interface Results {
  /** CPU ms per answered request (warm-up included) of the process answering, per phase and round. */
  cpu: Record<PhaseName, number[]>;
  /** PostgreSQL: CPU ms per answered request of the server's backends (application_name), per phase and round. */
  dbCpu: Record<PhaseName, number[]>;
  /** The machine during each phase (see `busyness`). */
  box: Record<PhaseName, { idle: number; pressure: number }[]>;
  helloMax: LoadSummary[];
  page1Max: LoadSummary[];
  helloPaced: PacedSummary[];
  page1Paced: PacedSummary[];
  deepPaced: PacedSummary[];
  page1Overall: LoadSummary[];
  mixedRead: PacedSummary[];
  mixedWrite: PacedSummary[];
}

interface DbRun {
  kind: DbKind;
  note: string;
  seed: TimelineSeedResult;
  deepPage: number;
  results: Results;
  rss: { start?: number; end?: number; peak?: number; helloEnd?: number };
  log: LogWatch;
}

const urlForSchema = (base: string, schema: string): string => {
  const url = new URL(base);
  // Names the server's backends, so their CPU can be read from /proc (same machine).
  url.searchParams.set('application_name', schema);
  url.searchParams.set('options', `-c search_path=${schema}${PG_OPTIONS ? ` ${PG_OPTIONS}` : ''}`);
  return url.toString();
};

const timelinePath = (b: Parameters<typeof pagePath>[0], page: number) => pagePath(b, page, PER_PAGE);

async function benchDatabase(tree: Tree, kind: DbKind): Promise<DbRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-tl-bench-'));
  onCleanUp(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  let schema: string | undefined;
  let note = 'SQLite (WAL, synchronous=FULL) in a temp dir, no ANALYZE (the app runs none)';
  if (kind === 'postgres') {
    schema = `rally_tl_bench_${process.pid}`;
    const dropSchema = `drop schema if exists ${schema} cascade`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ server_version: string }>('show server_version');
      await admin.query(dropSchema);
      await admin.query(`create schema ${schema}`);
      note = `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${new URL(PG_URL).host}, fresh schema ${schema}, VACUUM ANALYZE after the load${PG_OPTIONS ? `, connection options \`${PG_OPTIONS}\`` : ''}`;
    } finally {
      await admin.end();
    }
    onCleanUp(async () => {
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

  console.error(
    `[${kind}] seeding (scale ${SCALE}) ${schema ? `schema ${schema}` : path.join(dataDir, 'rally.sqlite')}`,
  );
  const seedRequest: TimelineSeedRequest = {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(schema ? { schema } : {}),
    dataDir,
    scale: SCALE,
    readersPerBigTeam: READERS_PER_TEAM,
    writersPerBigTeam: WRITERS_PER_TEAM,
  };
  const seed = await runJsonChild<TimelineSeedResult>(tree.root, 'bench/support/seed-timeline.ts', seedRequest, 900);
  console.error(
    `[${kind}] seeded in ${seed.seconds.total} s: ${JSON.stringify(seed.counts)} ${JSON.stringify(seed.seconds)}`,
  );
  // Page 500 at full scale; at a smaller scale the last full page of a big team.
  const deepPage = Math.min(TARGET_PAGE, Math.floor(seed.postsPerBigTeam / PER_PAGE));

  const pair: Pair = await startPair(kind, dataDir, {
    root: tree.root,
    entry: ENTRY,
    databaseUrl,
    redisUrl: '',
    logLevel: LOG_LEVEL,
    trustProxy: false,
    env: { LIMIT_WRITES_PER_MINUTE: WRITE_LIMIT },
  });
  const { rally, hello, bases, log, alive } = pair;

  // Before any load: every reader's page 1 and deep page are full pages; a writer may post.
  for (const r of seed.readers) {
    for (const page of [1, deepPage]) {
      const res = await fetch(bases.rally + timelinePath(r, page), { headers: bearerHeaders(r) });
      const body = (await res.json()) as { data?: unknown[]; meta?: { total?: number; last_page?: number } };
      if (res.status !== 200 || body.data?.length !== PER_PAGE)
        throw new Error(
          `page ${page} of team ${r.teamId} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`,
        );
    }
  }
  {
    const w = seed.writers[0]!;
    const res = await fetch(`${bases.rally}/api/user/team/${w.teamId}/posts`, {
      method: 'POST',
      headers: { ...bearerHeaders(w), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'A post before the load.' }),
    });
    if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }

  const readRequests = (page: number) =>
    seed.readers.map((r) => ({ method: 'GET' as const, path: timelinePath(r, page), headers: bearerHeaders(r) }));
  const writeRequests = seed.writers.map((w, i) => ({
    method: 'POST',
    path: `/api/user/team/${w.teamId}/posts`,
    headers: { ...bearerHeaders(w), 'content-type': 'application/json' },
    body: JSON.stringify({ content: `Posted under read load by writer ${i + 1}: how is everyone doing this week?` }),
  }));
  const paced = (origin: string, requests: PacedRequest['requests'], rate: number): PacedRequest => ({
    origin,
    requests,
    rate,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: PACED_CONNECTIONS,
  });
  const helloGet = [{ method: 'GET', path: '/', headers: {} }];

  const results: Results = {
    cpu: Object.fromEntries(PHASES.map((p) => [p, []])) as unknown as Results['cpu'],
    dbCpu: Object.fromEntries(PHASES.map((p) => [p, []])) as unknown as Results['dbCpu'],
    box: Object.fromEntries(PHASES.map((p) => [p, []])) as unknown as Results['box'],
    helloMax: [],
    page1Max: [],
    helloPaced: [],
    page1Paced: [],
    deepPaced: [],
    page1Overall: [],
    mixedRead: [],
    mixedWrite: [],
  };
  const rss: DbRun['rss'] = { start: memMiB(rally.pid) };
  const say = (round: number, what: string, s: string) =>
    console.error(`[${kind}] round ${round + 1}/${ROUNDS} ${what.padEnd(30)} ${s}`);
  const maxLine = (r: LoadSummary) =>
    `${r.requestsPerSecond.toFixed(0).padStart(5)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms` +
    (r.errors + r.non2xx ? `  ERRORS ${r.errors} non2xx ${r.non2xx} ${JSON.stringify(r.statusCodes)}` : '');

  for (let round = 0; round < ROUNDS; round++) {
    const order = PHASES.map((_, i) => PHASES[(i + round) % PHASES.length]!);
    for (const phase of order) {
      const pid = phase.startsWith('hello') ? hello.pid : rally.pid;
      const cpu0 = cpuMs(pid);
      const db0 = schema && !phase.startsWith('hello') ? await backendCpu(schema) : undefined;
      const box0 = machine();
      let answered = 0;
      switch (phase) {
        case 'helloMax':
        case 'page1Max': {
          const r = await runLoad({
            url: phase === 'helloMax' ? `${bases.hello}/` : bases.rally,
            headers: { 'accept-version': API_VERSION },
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            ...(phase === 'page1Max' ? { requests: readRequests(1) } : {}),
          });
          results[phase].push(r);
          answered = r.requests + (r.warmup.requests ?? 0);
          say(round, phase === 'helloMax' ? 'hello-world, max' : 'timeline page 1, max', maxLine(r));
          break;
        }
        case 'page1Overall': {
          const r = await runLoad({
            url: bases.rally,
            headers: { 'accept-version': API_VERSION },
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            requests: readRequests(1),
            overallRate: READ_RATE,
          });
          results.page1Overall.push(r);
          answered = r.requests + (r.warmup.requests ?? 0);
          say(round, `page 1, autocannon overallRate`, maxLine(r));
          break;
        }
        case 'helloPaced':
        case 'page1Paced':
        case 'deepPaced': {
          const p = await runPaced(
            phase === 'helloPaced'
              ? paced(bases.hello, helloGet, READ_RATE)
              : paced(bases.rally, readRequests(phase === 'page1Paced' ? 1 : deepPage), READ_RATE),
          );
          results[phase].push(p);
          answered = p.answered + p.warmup.answered;
          say(
            round,
            phase === 'helloPaced'
              ? `hello-world @${READ_RATE}/s`
              : `page ${phase === 'page1Paced' ? 1 : deepPage} @${READ_RATE}/s`,
            pacedLine(p),
          );
          break;
        }
        case 'mixed': {
          const [read, write] = await Promise.all([
            runPaced(paced(bases.rally, readRequests(1), READ_RATE)),
            runPaced(paced(bases.rally, writeRequests, WRITE_RATE)),
          ]);
          results.mixedRead.push(read);
          results.mixedWrite.push(write);
          answered = read.answered + read.warmup.answered + write.answered + write.warmup.answered;
          say(round, `page 1 @${READ_RATE}/s + posting`, pacedLine(read));
          say(round, `posting @${WRITE_RATE}/s under it`, pacedLine(write));
          break;
        }
      }
      results.cpu[phase].push((cpuMs(pid) - cpu0) / answered);
      if (db0 && schema) {
        const db1 = await backendCpu(schema);
        let used = 0;
        for (const [backend, ms] of db1) used += ms - (db0.get(backend) ?? 0);
        results.dbCpu[phase].push(used / answered);
      }
      results.box[phase].push(busyness(box0, machine()));
      alive();
    }
  }
  rss.end = memMiB(rally.pid);
  rss.peak = memMiB(rally.pid, 'VmHWM');
  rss.helloEnd = memMiB(hello.pid);
  await pair.stop();
  if (rally.exitCode !== 0)
    console.error(`[${kind}] note: the server exited with ${rally.exitCode ?? rally.signalCode}`);
  return { kind, note, seed, deepPage, results, rss, log };
}

// ---------------------------------------------------------------------------------------------
// Statistics and the report.

const badLoad = (rs: LoadSummary[]) => sum(rs.map((r) => r.errors + r.non2xx + r.warmup.errors + r.warmup.non2xx));

interface Figures {
  helloRps: number;
  page1Rps: number;
  share: number;
  page1P99: number;
  deepP99: number;
  deepRatio: number;
  writeP99: number;
  writeBad: number;
  readUnderWriteP99: number;
}

function figures(run: DbRun): Figures {
  const r = run.results;
  const helloRps = median(r.helloMax.map((x) => x.requestsPerSecond));
  const page1Rps = median(r.page1Max.map((x) => x.requestsPerSecond));
  const page1P99 = median(r.page1Paced.map((x) => x.p99));
  const deepP99 = median(r.deepPaced.map((x) => x.p99));
  return {
    helloRps,
    page1Rps,
    share: page1Rps / helloRps,
    page1P99,
    deepP99,
    deepRatio: deepP99 / page1P99,
    writeP99: median(r.mixedWrite.map((x) => x.p99)),
    writeBad: badPaced(r.mixedWrite),
    readUnderWriteP99: median(r.mixedRead.map((x) => x.p99)),
  };
}

function table(run: DbRun): string {
  const r = run.results;
  const f = figures(run);
  const name = run.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const s = run.seed;
  const cpu = (phase: PhaseName) => {
    const xs = r.cpu[phase].filter((x) => Number.isFinite(x));
    const db = r.dbCpu[phase].filter((x) => Number.isFinite(x));
    return xs.length
      ? `${(median(xs) * 1000).toFixed(0)} µs${db.length ? ` + PostgreSQL ${(median(db) * 1000).toFixed(0)} µs` : ''}`
      : '?';
  };
  const box = (phase: PhaseName) => {
    const b = r.box[phase];
    const idle = median(b.map((x) => x.idle));
    const pressure = median(b.map((x) => x.pressure));
    return `${Number.isFinite(idle) ? pct(idle * 100) : '?'} / ${Number.isFinite(pressure) ? pct(pressure * 100) : '?'}`;
  };
  const pacedRow = (label: string, ps: PacedSummary[], rate: number, phase: PhaseName) =>
    `| ${label} | ${rate}/s evenly spaced | ${int(median(ps.map((p) => p.answeredPerSecond)))} | ${ms(median(ps.map((p) => p.p50)))} | ${ms(median(ps.map((p) => p.p99)))} (${range(
      ps.map((p) => p.p99),
      ms,
    )}) | ${ms(median(ps.map((p) => p.p999)))} | ${ms(Math.max(...ps.map((p) => p.max)))} | ${badPaced(ps)}${statuses(ps)} | ${ms(median(ps.map((p) => p.lagP99)))} | ${cpu(phase)} | ${box(phase)} |`;
  const loadRow = (label: string, rs: LoadSummary[], how: string, phase: PhaseName, share?: number) =>
    `| ${label} | ${how} | ${int(median(rs.map((x) => x.requestsPerSecond)))} (${range(
      rs.map((x) => x.requestsPerSecond),
      int,
    )})${share === undefined ? '' : `, **${pct(share * 100)}** of hello`} | ${ms(median(rs.map((x) => x.p50)))} | ${ms(median(rs.map((x) => x.p99)))} (${range(
      rs.map((x) => x.p99),
      ms,
    )}) | | | ${badLoad(rs)}${statuses(rs)} | | ${cpu(phase)} | ${box(phase)} |`;
  return [
    `**${name}** — ${run.note}. Data: ${int(s.counts.users)} users, ${s.counts.teams} teams, ${int(s.counts.posts)} posts (teams ${s.bigTeams.join(', ')}: ${int(s.postsPerBigTeam)} each), ${int(s.counts.tags)} tags, ${int(s.counts.reactions)} reactions, ${int(s.counts.comments)} comments; seeded in ${s.seconds.total} s (migrations ${s.seconds.migrate} s, bulk load ${s.seconds.bulk} s${run.kind === 'postgres' ? `, sequences + VACUUM ANALYZE ${s.seconds.finish} s` : ''}, counter check ${s.seconds.check} s). Rally server RSS ${mib(run.rss.start)} → ${mib(run.rss.end)} MiB, peak ${mib(run.rss.peak)} MiB (hello-world ${mib(run.rss.helloEnd)} MiB). Server log: ${run.log.lines} lines, ${run.log.errors} at level error or above, ${run.log.busy} with SQLITE_BUSY / "database is locked".`,
    ...run.log.samples.map((l) => `    ${l}`),
    '',
    '| phase | load | req/s (median, min–max) | p50 | p99 (median, min–max) | p99.9 | max | errors + non-2xx | generator lag p99 | server CPU / request | machine: CPU idle / CPU pressure |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    loadRow('hello-world `GET /`', r.helloMax, `autocannon, ${CONNECTIONS} connections`, 'helloMax'),
    loadRow('timeline page 1', r.page1Max, `autocannon, ${CONNECTIONS} connections`, 'page1Max', f.share),
    pacedRow('hello-world `GET /`', r.helloPaced, READ_RATE, 'helloPaced'),
    pacedRow('timeline page 1', r.page1Paced, READ_RATE, 'page1Paced'),
    pacedRow(
      `timeline page ${run.deepPage} (offset ${(run.deepPage - 1) * PER_PAGE})`,
      r.deepPaced,
      READ_RATE,
      'deepPaced',
    ),
    loadRow('timeline page 1', r.page1Overall, `autocannon overallRate ${READ_RATE} (bursts)`, 'page1Overall'),
    pacedRow('timeline page 1, while posting', r.mixedRead, READ_RATE, 'mixed'),
    pacedRow('`POST …/posts`, under that read load', r.mixedWrite, WRITE_RATE, 'mixed'),
  ].join('\n');
}

function verdicts(runs: DbRun[]): string {
  const head = `| target | ${runs.map((r) => (r.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL')).join(' | ')} |`;
  const fs = runs.map(figures);
  const cell = (ok: boolean, text: string) => `${text} — ${ok ? 'met' : '**not met**'}`;
  const row = (label: string, f: (x: Figures, run: DbRun) => string) =>
    `| ${label} | ${fs.map((x, i) => f(x, runs[i]!)).join(' | ')} |`;
  return [
    head,
    `| --- |${runs.map(() => ' --- |').join('')}`,
    row('timeline page 1, max req/s ≥ 10 % of the hello-world', (x) =>
      cell(x.share >= 0.1, `${pct(x.share * 100)} (${int(x.page1Rps)} / ${int(x.helloRps)})`),
    ),
    row(`page 1 p99 < 25 ms at ${READ_RATE} req/s`, (x) => cell(x.page1P99 < 25, ms(x.page1P99))),
    row(`page ${runs[0]!.deepPage} p99 ≤ 2× page 1's at ${READ_RATE} req/s`, (x) =>
      cell(x.deepRatio <= 2, `${ms(x.deepP99)} = ${x.deepRatio.toFixed(2)}×`),
    ),
    row(`posting p99 < 100 ms (${WRITE_RATE}/s under ${READ_RATE}/s of page 1)`, (x) =>
      cell(x.writeP99 < 100, ms(x.writeP99)),
    ),
    row('posting: errors + non-2xx = 0', (x, run) =>
      cell(x.writeBad === 0, `${x.writeBad}${statuses(run.results.mixedWrite)}`),
    ),
    row('no busy errors: SQLITE_BUSY / "database is locked" (and errors logged) in the server log', (_x, run) =>
      cell(run.log.busy === 0 && run.log.errors === 0, `${run.log.busy} (errors logged: ${run.log.errors})`),
    ),
    row('(page 1 p99 while posting, no target)', (x) => ms(x.readUnderWriteP99)),
    row(
      '(server RSS start → end, peak)',
      (_x, run) => `${mib(run.rss.start)} → ${mib(run.rss.end)} MiB, peak ${mib(run.rss.peak)} MiB`,
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const phaseS = WARMUP_SECONDS + SECONDS + 4;
  const perDb = ROUNDS * PHASES.length * phaseS + 120 + 300 * SCALE;
  const deadlineS = Math.round(1.5 * kinds.length * perDb + (BUILD ? 300 : 0));
  deadline(deadlineS);

  const tree = BUILD ? workingTreeSnapshot(['bench/support/seed-timeline.ts']) : workingTree();
  onCleanUp(async () => tree.remove());
  const buildNote = BUILD ? buildServer(tree) : '';
  const cpus = os.cpus();
  const header = [
    `date: ${new Date().toISOString()}`,
    `code: ${tree.describe}${buildNote ? `; ${buildNote}` : ''}`,
    `machine: nproc ${os.availableParallelism()}, ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start`,
    `node: ${process.version}`,
    `server: ${ENTRY === 'dist' ? 'node apps/server/dist/main.js (production build)' : 'node --import tsx apps/server/src/main.ts (source)'}, LOG_LEVEL=${LOG_LEVEL}, no Redis, LIMIT_WRITES_PER_MINUTE=${WRITE_LIMIT}`,
    `load: each phase ${WARMUP_SECONDS} s warm-up (discarded) + ${SECONDS} s, ${ROUNDS} rounds in a rotating order; medians over rounds. Readers: ${READERS_PER_TEAM} members of each big team in turn (${READERS_PER_TEAM * 5} bearers); writers: ${WRITERS_PER_TEAM} other members of each (${WRITERS_PER_TEAM * 5}). Fixed-rate phases: support/paced.ts (open loop, evenly spaced, latency from the instant due, up to ${PACED_CONNECTIONS} keep-alive connections)`,
  ];

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
      'BENCH_SCALE',
      'BENCH_SECONDS',
      'BENCH_ROUNDS',
      'BENCH_READ_RATE',
      'BENCH_WRITE_RATE',
      'BENCH_SERVER',
      'BENCH_BUILD',
      'BENCH_LOG_LEVEL',
      'BENCH_PG_OPTIONS',
    ]
      .filter((v) => process.env[v])
      .map((v) => `${v}=${process.env[v]}`)
      .concat('npm run bench:timeline -w @rally/bench')
      .join(' ')}`,
    '',
    ...runs.flatMap((r) => [table(r), '']),
    verdicts(runs),
    '',
  ];
  console.log(out.join('\n'));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
