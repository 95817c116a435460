/**
 * Portfolio benchmark of issue 26 (not a test): `GET user/portfolio` of a coach who leads 50 teams
 * of 20 members with a year of activity, at 50 requests a second (target: p99 under 50 ms).
 *
 *   npm run bench:portfolio -w @rally/bench
 *
 *  1. seeds a fresh SQLite database (bench/support/seed-portfolio.ts, a child process, the
 *     app's migrations and its refillRollups): BENCH_TEAMS teams (50) × BENCH_MEMBERS (20), BENCH_DAYS (365)
 *     days of posts, reactions, comments, check-ins, team videos, slideshows and tasks;
 *  2. starts Rally's production build (a copy of the working tree built in a temp folder,
 *     support/tree.ts) beside the bare Fastify hello-world (support/pair.ts);
 *  3. checks one answer (50 rows, the sparkline's days), then per round and target runs the
 *     fixed-rate generator in its own process (support/paced.ts, open loop, latency from the
 *     instant each request was due): the hello-world `GET /`, the portfolio with All Time (no
 *     `from_date`) and with "30 Days" (`from_date` 30 days back, `tz=Europe/Berlin`), each at
 *     BENCH_RATE (50) a second for BENCH_WARMUP (3, thrown away) + BENCH_SECONDS (20) seconds;
 *  4. prints markdown: per target the median over rounds of p50 / p99 / p99.9 / max, the answers
 *     a second, errors + non-2xx (must be 0), and p50 / p99 over the hello-world's.
 *
 * Every child is killed at the end, on failure and on Ctrl-C; temp folders are removed.
 * bench/RESULTS.md is updated by hand. More: bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PortfolioRowDto } from '@rally/contract';
import { cleanUpAll, deadline, onCleanUp, runJsonChild, runPaced } from './support/children.js';
import { median, ms, positive } from './support/figures.js';
import type { PacedSummary } from './support/paced.js';
import { startPair } from './support/pair.js';
import type { PortfolioSeedRequest, PortfolioSeedResult } from './support/seed-portfolio.js';
import { buildServer, workingTreeSnapshot } from './support/tree.js';

const TEAMS = Math.round(positive('BENCH_TEAMS', 50));
const MEMBERS = Math.round(positive('BENCH_MEMBERS', 20));
const DAYS = Math.round(positive('BENCH_DAYS', 365));
const RATE = positive('BENCH_RATE', 50);
const SECONDS = positive('BENCH_SECONDS', 20);
const WARMUP = positive('BENCH_WARMUP', 3);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 3));
const TARGET_P99_MS = 50;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '?');

async function main(): Promise<void> {
  deadline(900 + ROUNDS * 3 * (WARMUP + SECONDS + 10));
  const uptimeBefore = uptime();
  const tree = workingTreeSnapshot(['bench/support/seed-portfolio.ts']);
  onCleanUp(() => tree.remove());
  const buildNote = buildServer(tree);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-portfolio-bench-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  console.error(`seeding ${TEAMS} teams × ${MEMBERS} members, ${DAYS} days (${dataDir})`);
  const seedRequest: PortfolioSeedRequest = { dataDir, teams: TEAMS, members: MEMBERS, days: DAYS };
  const seed = await runJsonChild<PortfolioSeedResult>(tree.root, 'bench/support/seed-portfolio.ts', seedRequest, 900);
  console.error(`seeded in ${seed.seconds} s: ${JSON.stringify(seed.counts)}`);

  const pair = await startPair('portfolio', dataDir, { root: tree.root, entry: 'dist', databaseUrl: '', redisUrl: '' });
  const headers = { authorization: `Bearer ${seed.token}`, 'accept-version': '1.3' };
  const from = new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10);
  const targets = [
    { name: 'hello-world `GET /`', origin: pair.bases.hello, path: '/', headers: {} },
    { name: '`GET /api/user/portfolio` (All Time)', origin: pair.bases.rally, path: '/api/user/portfolio', headers },
    {
      name: '`GET /api/user/portfolio?from_date&tz` (30 Days)',
      origin: pair.bases.rally,
      path: `/api/user/portfolio?from_date=${from}&tz=Europe%2FBerlin`,
      headers,
    },
  ];
  // One answer checked: every team, the sparkline's days.
  for (const target of targets.slice(1)) {
    const res = await fetch(`${target.origin}${target.path}`, { headers });
    if (res.status !== 200) throw new Error(`${target.path} answered ${res.status}: ${await res.text()}`);
    const rows = ((await res.json()) as { data: PortfolioRowDto[] }).data;
    if (rows.length !== TEAMS) throw new Error(`${target.path}: ${rows.length} rows, not ${TEAMS}`);
    console.error(
      `${target.path}: ${rows.length} rows, ${rows[0]!.activity.length} days, e.g. ${JSON.stringify({ ...rows[0], activity: undefined })}`,
    );
  }

  const results = new Map<string, PacedSummary[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    for (const target of order) {
      pair.alive();
      const r = await runPaced({
        origin: target.origin,
        requests: [{ method: 'GET', path: target.path, headers: target.headers }],
        rate: RATE,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        connections: 32,
      });
      results.get(target.name)!.push(r);
      console.error(`round ${round + 1} ${target.name}: p50 ${ms(r.p50)} p99 ${ms(r.p99)} max ${ms(r.max)}`);
    }
  }
  pair.alive();
  const hello = results.get(targets[0]!.name)!;
  const helloP50 = median(hello.map((r) => r.p50));
  const helloP99 = median(hello.map((r) => r.p99));
  const lines = targets.map((target) => {
    const rs = results.get(target.name)!;
    const p50 = median(rs.map((r) => r.p50));
    const p99 = median(rs.map((r) => r.p99));
    const bad = rs.reduce((n, r) => n + r.errors + r.non2xx, 0);
    const verdict = target.origin === pair.bases.rally ? (p99 < TARGET_P99_MS ? 'met' : 'NOT met') : '';
    return `| ${target.name} | ${ms(p50)} | ${ms(p99)} | ${ms(median(rs.map((r) => r.p999)))} | ${ms(Math.max(...rs.map((r) => r.max)))} | ${median(rs.map((r) => r.answeredPerSecond))} | ${bad} | ${ratio(p50, helloP50)} / ${ratio(p99, helloP99)} | ${verdict} |`;
  });
  console.log(
    [
      `### Portfolio benchmark (${new Date().toISOString()})`,
      '',
      `- code: ${tree.describe}${buildNote ? `; ${buildNote}` : ''}`,
      `- machine: nproc ${os.cpus().length}, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}`,
      `- uptime before: \`${uptimeBefore}\`; after: \`${uptime()}\``,
      `- data: ${TEAMS} teams × ${MEMBERS} members, ${DAYS} days: ${Object.entries(seed.counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; SQLite (WAL) in a temp dir, production build, LOG_LEVEL=warn`,
      `- load: ${RATE} req/s open loop (support/paced.ts, its own process), ${WARMUP} s warm-up + ${SECONDS} s measured, ${ROUNDS} rounds in rotating order; medians over rounds (max: the worst)`,
      '',
      `| target | p50 | p99 | p99.9 | max | answers/s | errors + non-2xx | p50 / p99 over the hello-world's | p99 < ${TARGET_P99_MS} ms |`,
      '| --- | --: | --: | --: | --: | --: | --: | --: | --- |',
      ...lines,
      ...(pair.log.samples.length ? ['', `Server log: ${pair.log.samples.join(' | ')}`] : []),
    ].join('\n'),
  );
  await pair.stop();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
