/**
 * Watercooler benchmark of issue 23 (not a test): 20 open rooms of 10 members, every member
 * saying 5 messages a second over the room socket; the delivery latency to the other members
 * (target: p99 under 100 ms), the API process's share of the machine, and memory per open room.
 *
 *   npm run bench:watercooler -w @rally/bench
 *
 *  1. seeds a fresh SQLite database with the measured code's own repositories
 *     (bench/support/seed.ts, a child process): a coach who owns BENCH_ROOMS teams (20) of
 *     BENCH_MEMBERS members (10), and a bearer token for every member;
 *  2. starts Rally's production build (a copy of the working tree built in a temp folder,
 *     support/tree.ts; BENCH_SERVER=source runs src through tsx) on its embedded defaults (rooms
 *     in the process's memory; BENCH_REDIS_URL puts them in Redis) beside the bare Fastify
 *     hello-world (support/pair.ts). The server preloads support/memory-probe.mjs, which answers
 *     SIGUSR2 with its memory after a garbage collection;
 *  3. runs the load generator in another process (support/watercooler-load.ts): one member
 *     enters a room and leaves (the room code has run once), the server's memory is read; every
 *     member asks `POST …/watercooler/access` for a pass, joins its team's room over the socket,
 *     and the memory is read again: the difference over BENCH_ROOMS is the memory of an open room
 *     with its members' sockets. Then every member says BENCH_RATE (5) messages a second, the
 *     members spread evenly over the interval, for BENCH_WARMUP (5, thrown away) + BENCH_SECONDS
 *     (30) seconds; every `message` at another member's socket is timed from its `say`. The
 *     server's CPU time and the machine's (idle, PSI pressure) are read over the measured seconds,
 *     its memory once more with the rooms' histories in it, then everyone leaves (the rooms end);
 *  4. the hello-world answers `GET /` at the same rate (one request per message said) for as long
 *     (support/paced.ts, open loop): the floor of what this box delivers at that rate, and of the
 *     CPU a bare Fastify spends per message;
 *  5. prints markdown: delivery p50/p90/p95/p99/max and Rally/hello-world ratios, the sender's
 *     own answer (`said`), the counts that must be 0 (refused, missing, duplicate, wrong-room
 *     and echoed deliveries, dropped sockets, errors in the server's log), CPU shares, memory per
 *     room. It exits 1 when a must-be-0 count is not.
 *
 * Every child is killed at the end, on failure and on Ctrl-C; temp folders are removed.
 * bench/RESULTS.md is updated by hand. More: bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WatercoolerLimits } from '@rally/contract';
import { cleanUpAll, deadline, onCleanUp, runJsonChild, runPaced, track } from './support/children.js';
import { ms, pct, positive } from './support/figures.js';
import type { PacedSummary } from './support/paced.js';
import { startPair } from './support/pair.js';
import { busyness, cpuMs, machine, memMiB, type MachineReading } from './support/proc-stats.js';
import type { SeedRequest, SeedResult } from './support/seed.js';
import { repoRoot, sleep } from './support/server.js';
import { buildServer, workingTreeSnapshot } from './support/tree.js';
import type { LoadMessage, WatercoolerLoadRequest, WatercoolerLoadSummary } from './support/watercooler-load.js';

const ROOMS = Math.round(positive('BENCH_ROOMS', 20));
const MEMBERS = Math.round(positive('BENCH_MEMBERS', 10));
const RATE = positive('BENCH_RATE', 5);
const SECONDS = positive('BENCH_SECONDS', 30);
const WARMUP = positive('BENCH_WARMUP', 5);
const REDIS_URL = process.env.BENCH_REDIS_URL || '';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const ENTRY: 'dist' | 'source' = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
const TARGET_P99_MS = 100;
/** The server's default chat rate per member (WATERCOOLER_MESSAGES_PER_MINUTE), lifted only for a faster load. */
const DEFAULT_MESSAGES_PER_MINUTE = 300;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The server's memory after a garbage collection (support/memory-probe.mjs answers SIGUSR2). */
async function memoryOf(pid: number, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Memory;
  }
  throw new Error('the server did not answer the memory probe within 5 s');
}

/** The load generator with an IPC channel: its steps one after another, and `go` to let it on. */
function startLoad(request: WatercoolerLoadRequest): {
  child: ChildProcess;
  next: (step: LoadMessage['step']) => Promise<LoadMessage>;
  go: () => void;
} {
  const child = track(
    spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'bench/support/watercooler-load.ts', JSON.stringify(request)],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    ),
  );
  const queue: LoadMessage[] = [];
  let wake: (() => void) | undefined;
  let exited = false;
  child.on('message', (m: LoadMessage) => {
    queue.push(m);
    wake?.();
  });
  child.once('exit', () => {
    exited = true;
    wake?.();
  });
  const next = async (step: LoadMessage['step']): Promise<LoadMessage> => {
    for (;;) {
      const m = queue.shift();
      if (m?.step === 'failed') throw new Error(`the load generator failed: ${m.error}`);
      if (m) {
        if (m.step !== step) throw new Error(`the load generator sent ${m.step}, not ${step}`);
        return m;
      }
      if (exited) throw new Error(`the load generator exited before ${step}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { child, next, go: () => child.send('go') };
}

const mb = (bytes: number) => bytes / 2 ** 20;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const share = (cpu: number, wallMs: number) => (cpu / wallMs) * 100;

async function main(): Promise<void> {
  deadline(Math.round(900 + 2 * (WARMUP + SECONDS)));
  const sendsPerSecond = ROOMS * MEMBERS * RATE;

  const tree = workingTreeSnapshot(['bench/support/seed.ts']);
  onCleanUp(() => tree.remove());
  const buildNote = ENTRY === 'dist' ? buildServer(tree) : '';

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-wc-bench-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const tokensFile = path.join(dataDir, 'member-tokens.json');
  console.error(`seeding ${ROOMS} teams × ${MEMBERS} members (${dataDir})`);
  const seed: SeedRequest = { dataDir, teams: ROOMS, membersPerTeam: MEMBERS, memberTokensFile: tokensFile };
  await runJsonChild<SeedResult>(tree.root, 'bench/support/seed.ts', seed, 600);

  const memoryFile = path.join(dataDir, 'memory.json');
  const pair = await startPair('watercooler', dataDir, {
    root: tree.root,
    entry: ENTRY,
    databaseUrl: '',
    redisUrl: REDIS_URL,
    logLevel: LOG_LEVEL,
    trustProxy: false,
    env: {
      // One client address opens every socket.
      LIMIT_REALTIME_CONNECTS_PER_MINUTE: '1000000',
      LIMIT_WRITES_PER_MINUTE: '1000000',
      ...(RATE * 60 > DEFAULT_MESSAGES_PER_MINUTE
        ? { WATERCOOLER_MESSAGES_PER_MINUTE: String(Math.ceil(RATE * 60 * 1.5)) }
        : {}),
      ...(REDIS_URL
        ? {
            WATERCOOLER_CHANNEL: `rally-wc-bench-${process.pid}`,
            WATERCOOLER_KEY_PREFIX: `rally-wc-bench-${process.pid}:`,
            REALTIME_CHANNEL: `rally-rt-wc-bench-${process.pid}`,
          }
        : {}),
      BENCH_MEMORY_FILE: memoryFile,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(repoRoot, 'bench/support/memory-probe.mjs')).href}`.trim(),
    },
  });
  const serverPid = pair.rally.pid!;

  console.error(
    `${ROOMS} rooms × ${MEMBERS} members, ${RATE} messages/s each (${sendsPerSecond}/s) for ${WARMUP} s warm-up + ${SECONDS} s`,
  );
  const load = startLoad({
    base: pair.bases.rally,
    tokensFile,
    saysPerSecond: RATE,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    connectConcurrency: 20,
  });
  await load.next('warm');
  const before = await memoryOf(serverPid, memoryFile);
  load.go();
  await load.next('joined');
  const opened = await memoryOf(serverPid, memoryFile);
  load.go();

  await load.next('measuring');
  const t0 = performance.now();
  const cpu0 = { server: cpuMs(serverPid), generator: cpuMs(load.child.pid) };
  const box0: MachineReading = machine();
  await load.next('measured');
  const wallMs = performance.now() - t0;
  const serverCpuMs = cpuMs(serverPid) - cpu0.server;
  const generatorCpuMs = cpuMs(load.child.pid) - cpu0.generator;
  const box = busyness(box0, machine());
  const rssPeak = memMiB(serverPid, 'VmHWM');
  await load.next('settled');
  const withHistory = await memoryOf(serverPid, memoryFile);
  load.go();
  const done = await load.next('done');
  const r = (done as { summary: WatercoolerLoadSummary }).summary;
  pair.alive();

  // The hello-world at the same rate, one request per message said.
  console.error(`hello-world: GET / at ${sendsPerSecond}/s for 2 s warm-up + ${SECONDS} s`);
  const hello0 = { cpu: cpuMs(pair.hello.pid), at: performance.now() };
  const hello: PacedSummary = await runPaced({
    origin: pair.bases.hello,
    requests: [{ method: 'GET', path: '/', headers: {} }],
    rate: sendsPerSecond,
    seconds: SECONDS,
    warmupSeconds: 2,
    connections: 64,
  });
  const helloCpuMs = cpuMs(pair.hello.pid) - hello0.cpu;
  const helloWallMs = performance.now() - hello0.at;
  pair.alive();

  const cores = os.availableParallelism();
  const perRoom = (a: Memory, b: Memory, field: keyof Memory) => (b[field] - a[field]) / ROOMS;
  const historyPerRoom = Math.min(WatercoolerLimits.historyMax, Math.round(MEMBERS * RATE * (WARMUP + SECONDS)));
  const mustBeZero = {
    'join failures': r.joinFailures,
    refused: r.refused,
    missing: r.missing,
    duplicates: r.duplicates,
    'wrong room': r.wrongRoom,
    'echoed to the sender': r.echoed,
    'dropped sockets': r.dropped,
    'server log errors': pair.log.errors,
  };
  const bad = Object.entries(mustBeZero).filter(([, n]) => n !== 0);
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '?');
  const serverCpuPerMessage = serverCpuMs / (sendsPerSecond * (wallMs / 1000));
  const helloCpuPerRequest = helloCpuMs / (sendsPerSecond * (helloWallMs / 1000));
  const cpuNow = os.cpus();
  console.log(
    [
      '',
      `- date: ${new Date().toISOString()}`,
      `- code: ${tree.describe}${ENTRY === 'source' ? ' (not built: its source runs through tsx)' : ''}${buildNote ? `; ${buildNote}` : ''}`,
      `- machine: nproc ${cores}, ${cpuNow[0]?.model ?? '?'}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} at the end; over the measured seconds CPU idle ${pct(box.idle * 100)}, CPU pressure ${pct(box.pressure * 100)}`,
      `- node ${process.version}; server: ${ENTRY === 'dist' ? 'production build' : 'source through tsx'}, LOG_LEVEL=${LOG_LEVEL}, SQLite in a temp dir; rooms ${REDIS_URL ? 'in Redis (RedisRoomStore, RedisRoomBus)' : 'in the process (MemoryRoomStore, LocalRoomBus)'}`,
      `- load: ${r.rooms} rooms × ${MEMBERS} members (${r.members} sockets, all joined in ${(r.joinMs / 1000).toFixed(1)} s${r.firstJoinError ? `; first failure: ${r.firstJoinError}` : ''}), ${RATE} messages/s each = ${sendsPerSecond}/s said, ${sendsPerSecond * (MEMBERS - 1)}/s delivered; ${WARMUP} s warm-up + ${SECONDS} s measured; generator in its own process`,
      '',
      '| deliveries | p50 | p90 | p95 | p99 | max | target p99 | `said` p50 / p99 | hello-world at the same rate p50 / p99 | p50 / p99 over the hello-world’s |',
      '| --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
      `| ${r.delivery.count} | ${ms(r.delivery.p50)} | ${ms(r.delivery.p90)} | ${ms(r.delivery.p95)} | ${ms(r.delivery.p99)} | ${ms(r.delivery.max)} | < ${TARGET_P99_MS} ms: ${r.delivery.p99 < TARGET_P99_MS ? 'met' : 'NOT met'} | ${ms(r.ack.p50)} / ${ms(r.ack.p99)} | ${ms(hello.p50)} / ${ms(hello.p99)} | ${ratio(r.delivery.p50, hello.p50)} / ${ratio(r.delivery.p99, hello.p99)} |`,
      '',
      '| CPU over the measured seconds | share of one core | share of the machine | per message said |',
      '| --- | --: | --: | --: |',
      `| Rally API process | ${pct(share(serverCpuMs, wallMs))} | ${pct(share(serverCpuMs, wallMs) / cores)} | ${serverCpuPerMessage.toFixed(3)} ms (${ratio(serverCpuPerMessage, helloCpuPerRequest)} the hello-world’s per request) |`,
      `| load generator | ${pct(share(generatorCpuMs, wallMs))} | ${pct(share(generatorCpuMs, wallMs) / cores)} | |`,
      `| hello-world at ${sendsPerSecond} req/s (its own phase) | ${pct(share(helloCpuMs, helloWallMs))} | ${pct(share(helloCpuMs, helloWallMs) / cores)} | ${helloCpuPerRequest.toFixed(3)} ms |`,
      '',
      '| server memory (after a GC) | RSS | heap used | external (array buffers in it) |',
      '| --- | --: | --: | --: |',
      `| before the rooms (one room opened and ended) | ${mb(before.rss).toFixed(0)} MiB | ${mb(before.heapUsed).toFixed(1)} MiB | ${mb(before.external).toFixed(1)} MiB |`,
      `| ${ROOMS} rooms open, everyone in | ${mb(opened.rss).toFixed(0)} MiB | ${mb(opened.heapUsed).toFixed(1)} MiB | ${mb(opened.external).toFixed(1)} MiB |`,
      `| **per open room** (its ${MEMBERS} sockets included) | ${kib(perRoom(before, opened, 'rss'))} | ${kib(perRoom(before, opened, 'heapUsed'))} | ${kib(perRoom(before, opened, 'external'))} |`,
      `| after the load, ~${historyPerRoom} messages kept per room | ${mb(withHistory.rss).toFixed(0)} MiB | ${mb(withHistory.heapUsed).toFixed(1)} MiB | ${mb(withHistory.external).toFixed(1)} MiB |`,
      `| per room with its history | ${kib(perRoom(before, withHistory, 'rss'))} | ${kib(perRoom(before, withHistory, 'heapUsed'))} | ${kib(perRoom(before, withHistory, 'external'))} |`,
      `| peak RSS (VmHWM) | ${rssPeak?.toFixed(0) ?? '?'} MiB | | |`,
      '',
      `Must be 0: ${Object.entries(mustBeZero)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ', ',
        )}.${r.firstRefusal ? ` First refusal: “${r.firstRefusal}”.` : ''}${r.firstDrop ? ` First drop: ${r.firstDrop}.` : ''}${pair.log.samples.length ? ` Server log: ${pair.log.samples.join(' | ')}` : ''}`,
      `Says measured: ${r.says}, taken (\`said\`): ${r.said}.`,
      '',
      'Latency: from sending `say` to the `message` at each other member’s socket (both in the generator’s process, one clock): the server’s parse, rate budget, store, fan-out and the loopback both ways.',
    ].join('\n'),
  );
  if (bad.length > 0 || r.delivery.count === 0) process.exitCode = 1;
  await pair.stop();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
