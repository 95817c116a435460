/**
 * Realtime delivery benchmark (not a test): 1,000 WebSocket clients in 50 teams, one post per
 * second per team, delivery latency p50/p99 (issue 8: p99 under 100 ms).
 *
 *   npm run bench:realtime -w @rally/bench
 *
 *  1. seeds a fresh database with the measured code's own repositories (bench/support/seed.ts, a
 *     child process): a coach who owns BENCH_TEAMS teams (50) of BENCH_MEMBERS members (20), and a
 *     bearer token for every member. SQLite in a temp folder, or (BENCH_DB=postgres) a fresh
 *     schema rally_rt_bench_<pid> on BENCH_DATABASE_URL, dropped at the end;
 *  2. starts Rally's server (the production build, built first; BENCH_SERVER=source runs src
 *     through tsx) in its own process — BENCH_SERVERS=2 starts two, which then need Redis
 *     (BENCH_REDIS_URL) to reach each other's clients: sockets and posts alternate between them;
 *  3. runs the load generator in another process (bench/support/realtime-load.ts): it connects and
 *     signs in every member's socket, then one member of every team posts BENCH_RATE times a
 *     second (1), teams spread evenly over the second, for BENCH_WARMUP (5, thrown away) +
 *     BENCH_SECONDS (30) seconds, and times every delivery from the POST's sending to the event
 *     at each member's socket;
 *  4. prints markdown: delivery p50/p90/p99/max, POST p50/p99, missing, duplicate and wrong-team
 *     deliveries (all three must be 0), dropped sockets, and the server's RSS and CPU time.
 *
 * Every child is killed at the end, on failure and on Ctrl-C; temp folders and the schema are
 * removed. bench/RESULTS.md is updated by hand. More: bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RealtimeLoadRequest, RealtimeLoadSummary } from './support/realtime-load.js';
import type { SeedRequest, SeedResult } from './support/seed.js';
import { portOf, repoRoot, startServer, stopProcess, waitHealthy } from './support/server.js';
import { buildServer, workingTree } from './support/tree.js';
import { positive } from './support/figures.js';

const TEAMS = Math.round(positive('BENCH_TEAMS', 50));
const MEMBERS = Math.round(positive('BENCH_MEMBERS', 20));
const RATE = positive('BENCH_RATE', 1);
const SECONDS = positive('BENCH_SECONDS', 30);
const WARMUP = positive('BENCH_WARMUP', 5);
const SERVERS = Math.round(positive('BENCH_SERVERS', 1));
const DB = process.env.BENCH_DB || 'sqlite';
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL || '';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const ENTRY: 'dist' | 'source' = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
const BUILD = ENTRY === 'dist' && process.env.BENCH_BUILD !== '0';

if (DB !== 'sqlite' && DB !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got ${DB}`);
if (SERVERS > 1 && !REDIS_URL)
  throw new Error('BENCH_SERVERS > 1 needs BENCH_REDIS_URL: without Redis no server reaches the other’s clients');

// ---------------------------------------------------------------------------------------------
// Children and clean-up: everything started is tracked and killed however the run ends.

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function cleanUpAll(): Promise<void> {
  await Promise.all([...children].map((c) => stopProcess(c, 3_000)));
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('clean-up failed:', err);
    }
  }
}

process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

/** Runs a .ts script of this repository as a child process with `arg`; its last stdout line is JSON. */
function runJsonChild<T>(script: string, arg: unknown, timeoutS: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, JSON.stringify(arg)], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
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

/** VmRSS in MiB and user+system CPU seconds of a process (Linux). */
function usage(pid: number | undefined): { rss?: number; cpu?: number } {
  if (pid === undefined) return {};
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return { rss: kb ? Number(kb) / 1024 : undefined, cpu: ticks / 100 };
  } catch {
    return {};
  }
}

async function main(): Promise<void> {
  const deadline = setTimeout(
    () => {
      console.error('the benchmark overran its deadline; stopping');
      void cleanUpAll().finally(() => process.exit(1));
    },
    (WARMUP + SECONDS + 300 + (BUILD ? 300 : 0)) * 1000,
  );
  deadline.unref();

  const tree = workingTree();
  if (BUILD) buildServer(tree);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-rt-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  let schema: string | undefined;
  let dbNote = 'SQLite (WAL, synchronous=FULL) in a temp dir';
  if (DB === 'postgres') {
    schema = `rally_rt_bench_${process.pid}`;
    const drop = `drop schema if exists ${schema} cascade`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(drop);
      await admin.query(`create schema ${schema}`);
    } finally {
      await admin.end();
    }
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(drop);
      } finally {
        await c.end();
      }
    });
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dbNote = `PostgreSQL at ${new URL(PG_URL).host}, fresh schema ${schema}`;
  }

  const tokensFile = path.join(dataDir, 'member-tokens.json');
  console.error(`seeding ${TEAMS} teams × ${MEMBERS} members (${schema ?? dataDir})`);
  const seed: SeedRequest = {
    ...(databaseUrl ? { databaseUrl, schema } : {}),
    dataDir,
    teams: TEAMS,
    membersPerTeam: MEMBERS,
    memberTokensFile: tokensFile,
  };
  await runJsonChild<SeedResult>('bench/support/seed.ts', seed, 600);

  const servers = Array.from({ length: SERVERS }, () =>
    track(
      startServer(dataDir, 0, {
        entry: ENTRY,
        databaseUrl,
        redisUrl: REDIS_URL,
        logLevel: LOG_LEVEL,
        trustProxy: false,
        env: {
          // One client address opens every socket and every member posts once a second.
          LIMIT_REALTIME_CONNECTS_PER_MINUTE: '1000000',
          LIMIT_WRITES_PER_MINUTE: '1000000',
          REALTIME_CHANNEL: `rally-rt-bench-${process.pid}`,
        },
      }),
    ),
  );
  const bases: string[] = [];
  for (const server of servers) {
    const base = `http://127.0.0.1:${await portOf(server)}`;
    await waitHealthy(base, { timeoutMs: 30_000, child: server });
    bases.push(base);
  }
  const before = servers.map((s) => usage(s.pid));
  const started = Date.now();

  console.error(
    `${TEAMS * MEMBERS} clients on ${SERVERS} server(s); ${TEAMS * RATE} posts/s for ${WARMUP} s warm-up + ${SECONDS} s`,
  );
  const request: RealtimeLoadRequest = {
    bases,
    tokensFile,
    postsPerSecond: RATE,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    connectConcurrency: 50,
  };
  const r = await runJsonChild<RealtimeLoadSummary>('bench/support/realtime-load.ts', request, WARMUP + SECONDS + 180);
  const after = servers.map((s) => usage(s.pid));
  const elapsedS = (Date.now() - started) / 1000;
  for (const s of servers)
    if (s.exitCode !== null || s.signalCode !== null)
      throw new Error('a Rally server exited during the run; results void');

  const mib = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(0));
  const cpu = servers.map((_, i) =>
    before[i]?.cpu !== undefined && after[i]?.cpu !== undefined
      ? `${(((after[i].cpu - before[i].cpu) / elapsedS) * 100).toFixed(0)} %`
      : '?',
  );
  const cpuLoad = os.cpus();
  console.log(
    [
      '',
      `- date: ${new Date().toISOString()}`,
      `- code: ${tree.describe}`,
      `- machine: nproc ${os.availableParallelism()}, ${cpuLoad[0]?.model ?? '?'}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end`,
      `- node: ${process.version}; server: ${ENTRY === 'dist' ? 'production build' : 'source through tsx'}, LOG_LEVEL=${LOG_LEVEL}; ${dbNote}; ${
        SERVERS > 1
          ? `${SERVERS} API processes sharing Redis`
          : REDIS_URL
            ? 'one API process through Redis pub/sub'
            : 'one API process, in-process fan-out'
      }`,
      `- load: ${r.clients} sockets (${r.connectFailures} failed to connect; all signed in after ${(r.connectMs / 1000).toFixed(1)} s) in ${TEAMS} teams of ${MEMBERS}, one poster per team, ${RATE} post/s per team, ${WARMUP} s warm-up + ${SECONDS} s measured; generator in its own process`,
      '',
      '| deliveries | p50 | p90 | p99 | max | fan-out spread p99 | POST p50 | POST p99 | POST errors | missing | duplicates | wrong team | dropped sockets | server RSS | server CPU |',
      '| --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
      `| ${r.delivery.count} | ${r.delivery.p50} ms | ${r.delivery.p90} ms | ${r.delivery.p99} ms | ${r.delivery.max} ms | ${r.spread.p99} ms | ${r.post.p50} ms | ${r.post.p99} ms | ${r.postErrors} | ${r.missing} | ${r.duplicates} | ${r.wrongTeam} | ${r.dropped} | ${servers
        .map((_, i) => `${mib(before[i]?.rss)}→${mib(after[i]?.rss)} MiB`)
        .join(', ')} | ${cpu.join(', ')} |`,
      ...(r.firstPostError ? ['', `First POST error: \`${r.firstPostError}\``] : []),
      '',
      'Latency: from sending the POST to the event at a member’s socket (publish → receipt plus the post’s own insert).',
      'Fan-out spread: from a post’s first delivery to each of its others (the 20 sockets of one team).',
    ].join('\n'),
  );
  if (r.postErrors || r.missing || r.duplicates || r.wrongTeam) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
