/**
 * Media benchmark of issue 22 (not a test): how long the server takes to make a 60 s 720p
 * recording playable, and the timeline's latency while two such conversions run.
 *
 *   npm run bench:transcode -w @rally/bench
 *
 *  1. A 60 s 1280×720 30 fps WebM (VP8 + Opus, written as a stream like Chromium's MediaRecorder:
 *     no duration, no cues; ~2.5 Mb/s like a webcam) made with the ffmpeg the server uses
 *     (`resolveMediaTools`: FFMPEG_PATH, or @ffmpeg-installer/ffmpeg), cached in the temp folder;
 *  2. the timeline's data (support/seed-timeline.ts, BENCH_SCALE, default 0.5) and Rally's
 *     production build in its own process (support/tree.ts, a copy of the working tree built in a
 *     temp folder) with MEDIA_JOB_CONCURRENCY=2, beside the hello-world (support/pair.ts);
 *  3. BENCH_ROUNDS rounds (default 3), each:
 *     - transcode alone, the server idle: a writer of a big team uploads the WebM (presign, PUT)
 *       and comments on a post of theirs with it; timed from the comment's POST to the comment
 *       showing `media_status` 'ready' (polled every 100 ms; nothing subtracted). The server's
 *       ffmpeg/ffprobe children are sampled every 100 ms meanwhile: when each step ran, its CPU
 *       time, threads and nice value;
 *     - the tools alone: the media module's own functions (`probe`, `transcode`, `poster`, in the
 *       order the job calls them) run from this process on the cached file, so the arguments are
 *       the server's, not a copy;
 *     - in a rotating order, each a 2 s warm-up and BENCH_SECONDS (default 10) of open-loop load
 *       at BENCH_READ_RATE (300) evenly spaced requests a second (support/paced.ts): the
 *       hello-world `GET /` (the floor), page 1 of the big teams' timelines by their readers, and
 *       the same while two conversions run: two uploads are attached, the load starts once both
 *       transcoding ffmpeg processes are there, and the round counts only if both are the same
 *       processes, still running, when the load ends (then both comments are awaited 'ready');
 *       and, for the diagnosis, the same with two `transcode` calls run from this process
 *       instead of the server's job worker (the same CPU taken, no job in the server);
 *       CPU of the server, of the ffmpeg processes and of the machine (idle, PSI) over each phase;
 *  4. prints markdown: the figures per round and their medians, and the issue's targets against
 *     what was measured. Every child is killed at the end; the run has a deadline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MediaLimits } from '@rally/contract';
import { poster, transcode } from '../apps/server/src/modules/media/convert.js';
import { probe } from '../apps/server/src/modules/media/probe.js';
import { resolveMediaTools, type MediaTools } from '../apps/server/src/modules/media/tools.js';
import { cleanUpAll, deadline, onCleanUp, runJsonChild, runPaced } from './support/children.js';
import { badPaced, int, median, mib, ms, pacedLine, pct, positive, range, statuses } from './support/figures.js';
import type { PacedRequest, PacedSummary } from './support/paced.js';
import { startPair, type Pair } from './support/pair.js';
import {
  busyness,
  childrenOf,
  cpuMs,
  machine,
  memMiB,
  procStat,
  threadNices,
  type ProcStat,
} from './support/proc-stats.js';
import type { Bearer, TimelineSeedRequest, TimelineSeedResult } from './support/seed-timeline.js';
import { sleep } from './support/server.js';
import { bearerHeaders, timelinePath } from './support/timeline-api.js';
import { buildServer, workingTreeSnapshot } from './support/tree.js';

const SECONDS = positive('BENCH_SECONDS', 10);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 3));
const SCALE = positive('BENCH_SCALE', 0.5);
const READ_RATE = positive('BENCH_READ_RATE', 300);
const WARMUP_SECONDS = 2;
const PACED_CONNECTIONS = 64;
const PER_PAGE = 20;
const CONCURRENCY = 2;
const POLL_MS = 100;
/** The issue's targets. */
const TRANSCODE_TARGET_S = 30;
const P99_TARGET_MS = 25;
/** The recording: the longest video the app takes, at a webcam's size and bit rate. */
const VIDEO = {
  seconds: MediaLimits.videoMaxSeconds,
  width: 1280,
  height: 720,
  fps: 30,
  videoKbps: 2500,
  audioKbps: 96,
};

// ---------------------------------------------------------------------------------------------
// The recording.

/** ffmpeg's arguments for the test recording at `file`. */
const recordingArgs = (file: string) => [
  '-hide_banner',
  '-nostdin',
  '-v',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${VIDEO.width}x${VIDEO.height}:rate=${VIDEO.fps}:duration=${VIDEO.seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=48000:duration=${VIDEO.seconds}`,
  // What MediaRecorder writes: VP8 in real time, Opus in stereo.
  '-c:v',
  'libvpx',
  '-deadline',
  'realtime',
  '-cpu-used',
  '8',
  '-b:v',
  `${VIDEO.videoKbps}k`,
  '-c:a',
  'libopus',
  '-b:a',
  `${VIDEO.audioKbps}k`,
  '-ac',
  '2',
  // Written as a live stream, as a browser does: no duration and no cues in the file.
  '-live',
  '1',
  '-f',
  'webm',
  file,
];

/** The recording, made once per ffmpeg binary and kept in the temp folder. */
function recording(tools: MediaTools): { file: string; bytes: number; made: boolean; seconds: number } {
  const dir = path.join(os.tmpdir(), 'rally-bench-media');
  mkdirSync(dir, { recursive: true });
  const version = spawnSync(tools.ffmpeg, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
  const tag = `${VIDEO.seconds}s-${VIDEO.height}p${VIDEO.fps}-${VIDEO.videoKbps}k-${/version (\S+)/.exec(version)?.[1] ?? 'unknown'}`;
  const file = path.join(dir, `recording-${tag.replace(/[^\w.-]/g, '_')}.webm`);
  if (existsSync(file)) return { file, bytes: statSync(file).size, made: false, seconds: 0 };
  console.error(`making ${file} with ${tools.ffmpeg}`);
  const partial = `${file}.${process.pid}.part`;
  const t0 = performance.now();
  const r = spawnSync(tools.ffmpeg, recordingArgs(partial), {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 600_000,
  });
  if (r.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`ffmpeg could not make the recording (${r.error?.message ?? `exit ${r.status}`})`);
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, made: true, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// The API, as the web app calls it.

interface Envelope<T> {
  data: T;
}

async function call<T>(base: string, b: Bearer, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { ...bearerHeaders(b), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as Envelope<T>).data;
}

/** An upload ready to attach: the bytes are on the server, the post to comment on exists. */
interface Prepared {
  bearer: Bearer;
  postId: number;
  key: string;
}

/** Uploads the recording for `b` (presign, PUT) and makes a post of theirs to comment on. */
async function prepare(base: string, b: Bearer, bytes: Buffer): Promise<Prepared> {
  const q = new URLSearchParams({
    filename: 'recording.webm',
    mime_type: 'video/webm',
    file_size: String(bytes.length),
    resource_type: 'team',
    resource_id: String(b.teamId),
    resource_policy: 'expression',
  });
  const presigned = await call<{ key: string; url: string }>(
    base,
    b,
    'GET',
    `/api/s3-upload-presigned-request?${q.toString()}`,
  );
  // Local storage: the server's own /files/… URL (relative, or absolute on its public origin).
  const target = new URL(presigned.url, base);
  const put = await fetch(`${base}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/webm' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`PUT of the recording answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  const post = await call<{ id: number }>(base, b, 'POST', `/api/user/team/${b.teamId}/posts`, {
    content: 'A post to answer with a video.',
  });
  return { bearer: b, postId: post.id, key: presigned.key };
}

interface CommentState {
  id: number;
  media_status?: string | null;
}

const commentsPath = (p: Prepared) => `/api/user/team/${p.bearer.teamId}/post/${p.postId}/expression`;

/** Comments on the post with the upload; resolves with the comment's id and the instant it was sent. */
async function attach(base: string, p: Prepared): Promise<{ id: number; sentAt: number; status: string }> {
  const sentAt = performance.now();
  const c = await call<CommentState>(base, p.bearer, 'POST', commentsPath(p), { media: p.key, media_type: 'video' });
  return { id: c.id, sentAt, status: c.media_status ?? 'none' };
}

/** Polls the post's comments every POLL_MS until comment `id` is 'ready'; resolves with that instant. */
async function readyAt(base: string, p: Prepared, id: number, timeoutMs: number): Promise<number> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const comments = await call<CommentState[]>(base, p.bearer, 'GET', `${commentsPath(p)}?page=1&per_page=50`);
    const status = comments.find((c) => c.id === id)?.media_status;
    if (status === 'ready') return performance.now();
    if (status === 'failed') throw new Error(`the conversion of ${p.key} failed`);
    if (status !== 'encoding') throw new Error(`comment ${id} on post ${p.postId} shows media_status ${status}`);
    if (performance.now() > until) throw new Error(`${p.key} was not ready within ${timeoutMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

// ---------------------------------------------------------------------------------------------
// The server's ffmpeg and ffprobe, seen from /proc.

const TOOLS = new Set(['ffmpeg', 'ffprobe']);
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};
const threads = (pid: number) => {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return NaN;
  }
};

/** What one run of a tool was: the job's step (from its arguments), and what was seen of it. */
interface ToolRun {
  pid: number;
  step: 'probe' | 'measure' | 'transcode' | 'poster' | 'other';
  firstSeen: number;
  lastSeen: number;
  cpuMs: number;
  /** The nice value of each of its threads at the last sample. */
  nices: number[];
  threads: number;
}

function stepOf(s: ProcStat): ToolRun['step'] {
  const args = cmdline(s.pid);
  if (s.comm === 'ffprobe') return args.includes('-show_entries') ? 'measure' : 'probe';
  if (args.includes('libx264') || args.includes('copy')) return 'transcode';
  if (args.includes('image2')) return 'poster';
  return 'other';
}

/** The transcoding ffmpeg processes of `parent` now. */
const transcoders = (parent: number | undefined) =>
  childrenOf(parent).filter((s) => s.comm === 'ffmpeg' && stepOf(s) === 'transcode');

/** Samples the tool processes of `parent` every POLL_MS until stopped. */
function watchTools(parent: number | undefined): { stop: () => ToolRun[] } {
  const runs = new Map<number, ToolRun>();
  const sample = () => {
    const now = performance.now();
    for (const s of childrenOf(parent)) {
      if (!TOOLS.has(s.comm)) continue;
      const run = runs.get(s.pid);
      if (run) {
        run.lastSeen = now;
        run.cpuMs = s.cpuMs;
        run.threads = Math.max(run.threads, threads(s.pid));
        run.nices = threadNices(s.pid);
      } else
        runs.set(s.pid, {
          pid: s.pid,
          step: stepOf(s),
          firstSeen: now,
          lastSeen: now,
          cpuMs: s.cpuMs,
          nices: threadNices(s.pid),
          threads: threads(s.pid),
        });
    }
  };
  sample();
  const timer = setInterval(sample, POLL_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return [...runs.values()];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rounds.

/** The server's job timed from the comment to 'ready', and its steps as /proc saw them. */
interface AloneRound {
  totalS: number;
  /** From the comment's POST to the first tool process seen. */
  queueS: number;
  steps: Partial<Record<ToolRun['step'], { seconds: number; cpuS: number; threads: number }>>;
  /** From the last tool process gone to 'ready' seen (storing, the commit, the poll's granularity). */
  afterS: number;
  /** The nice value of each thread of the transcoding ffmpeg (at its last sample), and the server's. */
  toolNices: number[];
  serverNice: number;
  box: { idle: number; pressure: number };
}

/** The media module's functions run from this process on the recording, in the job's order. */
interface ToolsRound {
  probeS: number;
  transcodeS: number;
  reprobeS: number;
  posterS: number;
  totalS: number;
  transcodeCpuS: number;
  transcodeThreads: number;
  box: { idle: number; pressure: number };
}

/** Page 1 while two conversions run. */
interface BusyRound {
  paced: PacedSummary;
  /** Both transcoding processes ran from before the load's first request to after its last. */
  covered: boolean;
  /** Seconds from the load's end to each conversion's 'ready'. */
  readyAfterS: number[];
  /** Seconds from each comment to 'ready', under the load. */
  totalS: number[];
  /** Share of one CPU over the load: the two ffmpeg processes, the server. */
  ffmpegCpu: number;
  serverCpu: number;
  /** The nice value of every thread of the two ffmpeg processes at the load's end. */
  ffmpegNices: number[];
  serverNice: number;
  box: { idle: number; pressure: number };
}

type LoadPhase = 'helloPaced' | 'page1Paced' | 'page1Busy' | 'page1Beside';
const LOAD_PHASES: LoadPhase[] = ['helloPaced', 'page1Paced', 'page1Busy', 'page1Beside'];

interface PacedRound {
  paced: PacedSummary;
  serverCpu: number;
  box: { idle: number; pressure: number };
}

interface Results {
  alone: AloneRound[];
  tools: ToolsRound[];
  helloPaced: PacedRound[];
  page1Paced: PacedRound[];
  page1Busy: BusyRound[];
  page1Beside: BusyRound[];
}

const seconds = (fromMs: number, toMs: number) => (toMs - fromMs) / 1000;

async function transcodeAlone(pair: Pair, p: Prepared): Promise<AloneRound> {
  const base = pair.bases.rally;
  const watch = watchTools(pair.rally.pid);
  let runs: ToolRun[] = [];
  let sentAt = 0;
  let ready = 0;
  const box0 = machine();
  try {
    const c = await attach(base, p);
    sentAt = c.sentAt;
    ready = await readyAt(base, p, c.id, 600_000);
  } finally {
    runs = watch.stop();
  }
  const steps: AloneRound['steps'] = {};
  for (const r of runs) {
    const s = (steps[r.step] ??= { seconds: 0, cpuS: 0, threads: 0 });
    s.seconds += seconds(r.firstSeen, r.lastSeen);
    s.cpuS += r.cpuMs / 1000;
    s.threads = Math.max(s.threads, r.threads);
  }
  const first = Math.min(...runs.map((r) => r.firstSeen));
  const last = Math.max(...runs.map((r) => r.lastSeen));
  return {
    totalS: seconds(sentAt, ready),
    queueS: runs.length ? seconds(sentAt, first) : NaN,
    steps,
    afterS: runs.length ? seconds(last, ready) : NaN,
    toolNices: runs.filter((r) => r.step === 'transcode').flatMap((r) => r.nices),
    serverNice: procStat(pair.rally.pid)?.nice ?? NaN,
    box: busyness(box0, machine()),
  };
}

async function toolsAlone(tools: MediaTools, input: string): Promise<ToolsRound> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-bench-tools-'));
  const watch = watchTools(process.pid);
  try {
    const timeoutMs = 600_000;
    const box0 = machine();
    const t0 = performance.now();
    const source = await probe(tools, input, { timeoutMs });
    const t1 = performance.now();
    const output = path.join(dir, 'out.mp4');
    await transcode(tools, input, output, source, {
      timeoutMs,
      maxSeconds: MediaLimits.videoMaxSeconds + MediaLimits.mediaLengthSlackSeconds,
    });
    const t2 = performance.now();
    const result = await probe(tools, output, { timeoutMs });
    const t3 = performance.now();
    await poster(tools, output, path.join(dir, 'poster.jpg'), result.duration, { timeoutMs });
    const t4 = performance.now();
    const x264 = watch.stop().filter((r) => r.step === 'transcode');
    return {
      probeS: seconds(t0, t1),
      transcodeS: seconds(t1, t2),
      reprobeS: seconds(t2, t3),
      posterS: seconds(t3, t4),
      totalS: seconds(t0, t4),
      transcodeCpuS: x264.reduce((a, r) => a + r.cpuMs, 0) / 1000,
      transcodeThreads: Math.max(...x264.map((r) => r.threads)),
      box: busyness(box0, machine()),
    };
  } finally {
    watch.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until `parent` runs `n` transcoding ffmpeg processes; returns them. */
async function transcoding(parent: number | undefined, n: number, timeoutMs: number): Promise<ProcStat[]> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const found = transcoders(parent);
    if (found.length >= n) return found;
    if (performance.now() > until) throw new Error(`${n} conversions did not start within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}

/**
 * The load while the transcoding ffmpeg processes of `parent` run (the server's, or this
 * process's): `covered` when every one there at the load's start is still there at its end.
 */
async function loadDuring(
  pair: Pair,
  parent: number | undefined,
  n: number,
  load: PacedRequest,
): Promise<Omit<BusyRound, 'readyAfterS' | 'totalS'> & { end: number }> {
  const before = await transcoding(parent, n, 120_000);
  const server0 = cpuMs(pair.rally.pid);
  const box0 = machine();
  const paced = await runPaced(load);
  const box1 = machine();
  const server1 = cpuMs(pair.rally.pid);
  const after = new Map(transcoders(parent).map((s) => [s.pid, s]));
  const ffmpegNices = before.flatMap((s) => (after.has(s.pid) ? threadNices(s.pid) : []));
  const wallMs = box1.at - box0.at;
  const ffmpegMs = before.reduce((a, s) => a + ((after.get(s.pid)?.cpuMs ?? NaN) - s.cpuMs), 0);
  return {
    paced,
    covered: before.every((s) => after.has(s.pid)),
    end: performance.now(),
    ffmpegCpu: ffmpegMs / wallMs,
    serverCpu: (server1 - server0) / wallMs,
    ffmpegNices,
    serverNice: procStat(pair.rally.pid)?.nice ?? NaN,
    box: busyness(box0, box1),
  };
}

/** Page 1 while the server converts two uploads (its job worker, MEDIA_JOB_CONCURRENCY=2). */
async function page1WhileTranscoding(pair: Pair, ps: Prepared[], load: PacedRequest): Promise<BusyRound> {
  const base = pair.bases.rally;
  const comments = await Promise.all(ps.map((p) => attach(base, p)));
  const { end, ...during } = await loadDuring(pair, pair.rally.pid, ps.length, load);
  const ready = await Promise.all(ps.map((p, i) => readyAt(base, p, comments[i]!.id, 600_000)));
  return {
    ...during,
    readyAfterS: ready.map((t) => seconds(end, t)),
    totalS: ready.map((t, i) => seconds(comments[i]!.sentAt, t)),
  };
}

/**
 * Page 1 while two `transcode` calls run from this process instead (same arguments, same nice):
 * the same CPU taken from the server, without its job worker. Against `page1WhileTranscoding`
 * it tells the worker's own cost in the server's event loop from the CPU the ffmpegs take.
 */
async function page1BesideTranscodes(
  pair: Pair,
  tools: MediaTools,
  input: string,
  load: PacedRequest,
): Promise<BusyRound> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-bench-tools-'));
  try {
    const source = await probe(tools, input);
    const start = performance.now();
    const jobs = [0, 1].map((i) =>
      transcode(tools, input, path.join(dir, `out${i}.mp4`), source, {
        timeoutMs: 600_000,
        maxSeconds: MediaLimits.videoMaxSeconds + MediaLimits.mediaLengthSlackSeconds,
      }).then(() => performance.now()),
    );
    const { end, ...during } = await loadDuring(pair, process.pid, 2, load);
    const done = await Promise.all(jobs);
    return { ...during, readyAfterS: done.map((t) => seconds(end, t)), totalS: done.map((t) => seconds(start, t)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pacedAlone(pid: number | undefined, load: PacedRequest): Promise<PacedRound> {
  const cpu0 = cpuMs(pid);
  const box0 = machine();
  const paced = await runPaced(load);
  const box1 = machine();
  return { paced, serverCpu: (cpuMs(pid) - cpu0) / (box1.at - box0.at), box: busyness(box0, box1) };
}

// ---------------------------------------------------------------------------------------------
// The report.

/** Nice values of threads by count, e.g. `10 ×11, 0 ×1`. */
function niceCounts(xs: number[]): string {
  const counts = new Map<number, number>();
  for (const n of xs) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => `${n} ×${c}`).join(', ') || '?';
}
const box = (b: { idle: number; pressure: number }) => `${share(b.idle)} / ${share(b.pressure)}`;
const secs = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} s` : '?');
const share = (n: number) => (Number.isFinite(n) ? pct(n * 100) : '?');

function report(r: Results, header: string[]): string {
  const med = <T>(xs: T[], f: (x: T) => number) => median(xs.map(f).filter(Number.isFinite));
  const step = (a: AloneRound, s: ToolRun['step']) => a.steps[s];
  const aloneRows = r.alone.map(
    (a, i) =>
      `| ${i + 1} | **${secs(a.totalS)}** | ${secs(a.queueS)} | ${secs((step(a, 'probe')?.seconds ?? 0) + (step(a, 'measure')?.seconds ?? 0))} | ${secs(step(a, 'transcode')?.seconds ?? NaN)} (CPU ${secs(step(a, 'transcode')?.cpuS ?? NaN)}, ${step(a, 'transcode')?.threads ?? '?'} threads) | ${secs(step(a, 'poster')?.seconds ?? NaN)} | ${secs(a.afterS)} | ${niceCounts(a.toolNices)} / ${a.serverNice} | ${box(a.box)} |`,
  );
  const toolRows = r.tools.map(
    (t, i) =>
      `| ${i + 1} | **${secs(t.totalS)}** | ${secs(t.probeS)} | ${secs(t.transcodeS)} (CPU ${secs(t.transcodeCpuS)}, ${t.transcodeThreads} threads) | ${secs(t.reprobeS)} | ${secs(t.posterS)} | ${box(t.box)} |`,
  );
  const pacedRow = (
    label: string,
    rows: { paced: PacedSummary; serverCpu: number; box: { idle: number; pressure: number } }[],
    extra: string,
  ) => {
    const ps = rows.map((x) => x.paced);
    return `| ${label} | ${int(median(ps.map((p) => p.answeredPerSecond)))} | ${ms(median(ps.map((p) => p.p50)))} | ${ms(median(ps.map((p) => p.p99)))} (${range(
      ps.map((p) => p.p99),
      ms,
    )}) | ${ms(median(ps.map((p) => p.p999)))} | ${ms(Math.max(...ps.map((p) => p.max)))} | ${badPaced(ps)}${statuses(ps)} | ${ms(median(ps.map((p) => p.lagP99)))} | ${share(med(rows, (x) => x.serverCpu))} | ${extra} | ${share(med(rows, (x) => x.box.idle))} / ${share(med(rows, (x) => x.box.pressure))} |`;
  };
  const busy = r.page1Busy;
  const helloP99 = median(r.helloPaced.map((x) => x.paced.p99));
  const page1P99 = median(r.page1Paced.map((x) => x.paced.p99));
  const busyP99 = median(busy.map((x) => x.paced.p99));
  const aloneS = median(r.alone.map((a) => a.totalS));
  const bad = badPaced([...r.helloPaced, ...r.page1Paced, ...busy].map((x) => x.paced));
  const uncovered = busy.filter((b) => !b.covered).length;
  const niceOk =
    r.alone.every((a) => a.toolNices.every((n) => n > a.serverNice)) &&
    busy.every((b) => b.ffmpegNices.every((n) => n > b.serverNice));
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  return [
    ...header.map((l) => `- ${l}`),
    '',
    `**Transcode alone** (the server idle): from the comment's POST to \`media_status\` 'ready' (polled every ${POLL_MS} ms, nothing subtracted); the job's steps as seen in /proc every ${POLL_MS} ms (so ±0.1 s each).`,
    '',
    '| round | comment → ready | → first tool | probe (+ duration walk) | transcode | poster | after the last tool | nice: transcode threads / server | machine: CPU idle / pressure |',
    '| --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...aloneRows,
    `| median | **${secs(aloneS)}** | | | ${secs(med(r.alone, (a) => step(a, 'transcode')?.seconds ?? NaN))} | | | | |`,
    '',
    `**The tools alone**: the media module's \`probe\`, \`transcode\`, \`probe\`, \`poster\` called from the benchmark's process on the same file.`,
    '',
    '| round | total | probe | transcode | probe of the MP4 | poster | machine: CPU idle / pressure |',
    '| --: | --: | --: | --: | --: | --: | --: |',
    ...toolRows,
    `| median | **${secs(med(r.tools, (t) => t.totalS))}** | ${secs(med(r.tools, (t) => t.probeS))} | ${secs(med(r.tools, (t) => t.transcodeS))} | ${secs(med(r.tools, (t) => t.reprobeS))} | ${secs(med(r.tools, (t) => t.posterS))} | |`,
    '',
    `**Timeline under conversions**: ${READ_RATE} requests a second evenly spaced (support/paced.ts), ${WARMUP_SECONDS} s warm-up + ${SECONDS} s; page 1 of ${PER_PAGE} posts; medians over ${ROUNDS} rounds. CPU columns: share of one CPU over the phase (the machine has ${os.availableParallelism()}).`,
    '',
    '| phase | req/s | p50 | p99 (median, min–max) | p99.9 | max | errors + non-2xx | generator lag p99 | server CPU | ffmpeg CPU (2 jobs) | machine: CPU idle / pressure |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    pacedRow('hello-world `GET /`', r.helloPaced, ''),
    pacedRow('timeline page 1', r.page1Paced, ''),
    pacedRow('timeline page 1, two conversions running', busy, share(med(busy, (b) => b.ffmpegCpu))),
    pacedRow(
      '(diagnosis) page 1, two `transcode` calls run outside the server',
      r.page1Beside,
      share(med(r.page1Beside, (b) => b.ffmpegCpu)),
    ),
    '',
    `Conversions under the load: comment → ready ${busy.flatMap((b) => b.totalS.map(secs)).join(', ')}; ready ${busy.flatMap((b) => b.readyAfterS.map(secs)).join(', ')} after the load's end; both ran through the whole load (warm-up included) in ${busy.length - uncovered} of ${busy.length} rounds (outside the server: ${r.page1Beside.filter((b) => b.covered).length} of ${r.page1Beside.length}, transcodes of ${r.page1Beside.flatMap((b) => b.totalS.map(secs)).join(', ')}). nice of the two ffmpegs' threads at the load's end: ${niceCounts(busy.flatMap((b) => b.ffmpegNices))} (over the rounds); server ${[...new Set(busy.map((b) => b.serverNice))].join(', ')}.`,
    '',
    '| target | measured |',
    '| --- | --- |',
    `| a 60 s 720p recording playable within ${TRANSCODE_TARGET_S} s (comment → ready, median) | ${secs(aloneS)} — ${met(aloneS <= TRANSCODE_TARGET_S)} |`,
    `| page 1 p99 < ${P99_TARGET_MS} ms at ${READ_RATE}/s while two conversions run | ${ms(busyP99)} — ${met(busyP99 < P99_TARGET_MS)} |`,
    `| errors + non-2xx = 0 | ${bad} — ${met(bad === 0)} |`,
    `| both conversions ran during the whole measured load | ${busy.length - uncovered} of ${busy.length} rounds — ${met(uncovered === 0)} |`,
    `| ffmpeg at a lower priority (higher nice) than the server | ${met(niceOk)} |`,
    `| (p99 ratios: page 1 / hello-world; page 1 under conversions / page 1 alone) | ${(page1P99 / helloP99).toFixed(2)}×; ${(busyP99 / page1P99).toFixed(2)}× |`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const phaseS = WARMUP_SECONDS + SECONDS;
  deadline(Math.round(600 + 300 * SCALE + ROUNDS * (900 + LOAD_PHASES.length * phaseS)));

  const tools = resolveMediaTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });
  const webm = recording(tools);
  const bytes = readFileSync(webm.file);
  const source = await probe(tools, webm.file);
  console.error(
    `recording ${webm.file}: ${(webm.bytes / 2 ** 20).toFixed(1)} MiB, ${source.duration.toFixed(2)} s, ${source.video?.codec} ${source.video?.width}x${source.video?.height} + ${source.audio?.codec}${webm.made ? `, made in ${webm.seconds.toFixed(0)} s` : ', cached'}`,
  );

  const tree = workingTreeSnapshot(['bench/support/seed-timeline.ts']);
  onCleanUp(() => tree.remove());
  const buildNote = buildServer(tree);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-media-bench-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  console.error(`seeding (scale ${SCALE}) ${dataDir}`);
  const seedRequest: TimelineSeedRequest = { dataDir, scale: SCALE, readersPerBigTeam: 4, writersPerBigTeam: 2 };
  const seed = await runJsonChild<TimelineSeedResult>(tree.root, 'bench/support/seed-timeline.ts', seedRequest, 900);
  console.error(`seeded in ${seed.seconds.total} s: ${JSON.stringify(seed.counts)}`);

  const pair = await startPair('media', dataDir, {
    root: tree.root,
    entry: 'dist',
    databaseUrl: '',
    redisUrl: '',
    trustProxy: false,
    env: {
      MEDIA_JOB_CONCURRENCY: String(CONCURRENCY),
      LIMIT_WRITES_PER_MINUTE: '1000000',
      LIMIT_UPLOADS_PER_MINUTE: '1000',
    },
  });
  const base = pair.bases.rally;
  const rssStart = memMiB(pair.rally.pid);
  for (const r of seed.readers) {
    const page = await call<unknown[]>(base, r, 'GET', timelinePath(r, 1, PER_PAGE));
    if (page.length !== PER_PAGE) throw new Error(`page 1 of team ${r.teamId} has ${page.length} posts`);
  }

  const load = (origin: string, requests: PacedRequest['requests']): PacedRequest => ({
    origin,
    requests,
    rate: READ_RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: PACED_CONNECTIONS,
  });
  const helloLoad = load(pair.bases.hello, [{ method: 'GET', path: '/', headers: {} }]);
  const page1Load = load(
    base,
    seed.readers.map((r) => ({ method: 'GET', path: timelinePath(r, 1, PER_PAGE), headers: bearerHeaders(r) })),
  );
  // Uploads go round the writers of the big teams, so no one reaches a quota or a rate limit.
  let nextWriter = 0;
  const writer = () => seed.writers[nextWriter++ % seed.writers.length]!;

  const results: Results = { alone: [], tools: [], helloPaced: [], page1Paced: [], page1Busy: [], page1Beside: [] };
  const say = (round: number, what: string, s: string) =>
    console.error(`round ${round + 1}/${ROUNDS} ${what.padEnd(34)} ${s}`);
  for (let round = 0; round < ROUNDS; round++) {
    const a = await transcodeAlone(pair, await prepare(base, writer(), bytes));
    results.alone.push(a);
    say(
      round,
      'transcode alone (comment → ready)',
      `${secs(a.totalS)}: ${Object.entries(a.steps)
        .map(([step, x]) => `${step} ${secs(x.seconds)} (CPU ${secs(x.cpuS)}, ${x.threads} threads)`)
        .join(', ')}`,
    );
    pair.alive();
    const t = await toolsAlone(tools, webm.file);
    results.tools.push(t);
    say(round, 'the tools alone', `${secs(t.totalS)} (transcode ${secs(t.transcodeS)})`);
    for (const phase of LOAD_PHASES.map((_, i) => LOAD_PHASES[(i + round) % LOAD_PHASES.length]!)) {
      if (phase === 'page1Busy') {
        const ps = await Promise.all([prepare(base, writer(), bytes), prepare(base, writer(), bytes)]);
        const b = await page1WhileTranscoding(pair, ps, page1Load);
        results.page1Busy.push(b);
        say(
          round,
          'page 1 + 2 conversions',
          `${pacedLine(b.paced)}  ffmpeg ${share(b.ffmpegCpu)} server ${share(b.serverCpu)}${b.covered ? '' : '  A CONVERSION ENDED DURING THE LOAD'}`,
        );
      } else if (phase === 'page1Beside') {
        const b = await page1BesideTranscodes(pair, tools, webm.file, page1Load);
        results.page1Beside.push(b);
        say(
          round,
          'page 1 + 2 ffmpegs outside the server',
          `${pacedLine(b.paced)}  ffmpeg ${share(b.ffmpegCpu)} server ${share(b.serverCpu)}${b.covered ? '' : '  A TRANSCODE ENDED DURING THE LOAD'}`,
        );
      } else {
        const p = await pacedAlone(
          phase === 'helloPaced' ? pair.hello.pid : pair.rally.pid,
          phase === 'helloPaced' ? helloLoad : page1Load,
        );
        results[phase].push(p);
        say(round, phase === 'helloPaced' ? 'hello-world' : 'page 1', pacedLine(p.paced));
      }
      pair.alive();
    }
  }
  const rss = { start: rssStart, end: memMiB(pair.rally.pid), peak: memMiB(pair.rally.pid, 'VmHWM') };
  await pair.stop();

  const cpus = os.cpus();
  const header = [
    `date: ${new Date().toISOString()}`,
    `code: ${tree.describe}${buildNote ? `; ${buildNote}` : ''}`,
    `machine: nproc ${os.availableParallelism()}, ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
    `node: ${process.version}; ffmpeg: ${spawnSync(tools.ffmpeg, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0]} (${tools.ffmpeg})`,
    `recording: ${VIDEO.seconds} s ${VIDEO.width}x${VIDEO.height} ${VIDEO.fps} fps, VP8 ${VIDEO.videoKbps} kb/s (realtime, cpu-used 8) + Opus ${VIDEO.audioKbps} kb/s, WebM written as a stream (no duration, no cues), ${(webm.bytes / 2 ** 20).toFixed(1)} MiB; ffprobe finds ${source.duration.toFixed(2)} s`,
    `server: node apps/server/dist/main.js (production build), SQLite, no Redis, MEDIA_JOB_CONCURRENCY=${CONCURRENCY}, other media settings at their defaults; data: ${int(seed.counts.posts)} posts, ${int(seed.counts.reactions)} reactions, ${int(seed.counts.comments)} comments (BENCH_SCALE=${SCALE}), seeded in ${seed.seconds.total} s; RSS ${mib(rss.start)} → ${mib(rss.end)} MiB, peak ${mib(rss.peak)} MiB; log: ${pair.log.lines} lines, ${pair.log.errors} at level error or above`,
    ...pair.log.samples.map((l) => `    ${l}`),
    `command: ${['BENCH_SCALE', 'BENCH_SECONDS', 'BENCH_ROUNDS', 'BENCH_READ_RATE', 'FFMPEG_PATH', 'FFPROBE_PATH']
      .filter((v) => process.env[v])
      .map((v) => `${v}=${process.env[v]}`)
      .concat('npm run bench:transcode -w @rally/bench')
      .join(' ')}`,
  ];
  console.log(report(results, header));
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUpAll());
