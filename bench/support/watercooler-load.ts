/**
 * The load generator of the watercooler benchmark, in its own process (never the server's): every
 * member asks `POST /api/user/team/:id/watercooler/access` for a pass, opens the room socket
 * (`/api/watercooler`), sends `join` with it and waits for `joined`; then every member `say`s
 * `saysPerSecond` times a second, the members spread evenly over the second, and every `message`
 * that reaches another member's socket is timed from the instant its `say` was sent. Both ends
 * are in this process, on one clock.
 *
 * Started by watercooler-bench.ts with an IPC channel, it stops at two points so that the server
 * can be measured meanwhile: it sends `{ step: 'warm' }` once one member has been in a room and
 * left it (the server's room code has run once), waits for `go`, joins everyone and sends
 * `{ step: 'joined' }`, waits for `go`; it sends `{ step: 'measuring' }` and
 * `{ step: 'measured' }` around the measured seconds and `{ step: 'settled' }` once the last
 * deliveries had their grace period, then waits for `go` before every member leaves (the rooms
 * end), and answers `{ step: 'done', summary }` (WatercoolerLoadSummary).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, round2 as round } from './figures.js';
import type { MemberTokens } from './seed.js';
import { sleep } from './server.js';

export interface WatercoolerLoadRequest {
  /** The Rally server's origin, `http://127.0.0.1:port`. */
  base: string;
  /** A `MemberTokens` file from the seed: each team is one room. */
  tokensFile: string;
  saysPerSecond: number;
  warmupSeconds: number;
  seconds: number;
  /** Members entering at once. */
  connectConcurrency: number;
}

export type LoadStep = 'warm' | 'joined' | 'measuring' | 'measured' | 'settled';
export type LoadMessage =
  { step: LoadStep } | { step: 'done'; summary: WatercoolerLoadSummary } | { step: 'failed'; error: string };

export interface WatercoolerLoadSummary {
  rooms: number;
  members: number;
  /** Members that never got `joined` (with the first reason seen). */
  joinFailures: number;
  firstJoinError?: string;
  /** Time for every member to get a pass and join, ms. */
  joinMs: number;
  /** `say`s sent in the measured seconds, and how many were `said` (taken) or `refused`. */
  says: number;
  said: number;
  refused: number;
  firstRefusal?: string;
  /** Delivery latency (say sent → `message` at another member's socket), ms. */
  delivery: { count: number; p50: number; p90: number; p95: number; p99: number; max: number };
  /** The sender's own answer (say sent → `said`), ms. */
  ack: { p50: number; p99: number };
  /** Deliveries expected (taken says × the room's other members) not seen within the grace period. */
  missing: number;
  duplicates: number;
  /** A message delivered to a socket of another room, or back to its sender as `message` (must be 0). */
  wrongRoom: number;
  echoed: number;
  /** Sockets that closed during the run (with the first close code and reason). */
  dropped: number;
  firstDrop?: string;
}

const API_VERSION = '1.3';
const GRACE_MS = 3_000;

interface Member {
  index: number;
  room: number;
  teamId: number;
  token: string;
  socket?: WebSocket;
  seen: Set<string>;
}

interface Sent {
  at: number;
  room: number;
  sender: number;
  measured: boolean;
  deliveries: number;
  said?: boolean;
}

const send = (message: LoadMessage) => process.send?.(message);
const go = () =>
  new Promise<void>((resolve) => {
    const on = (m: unknown) => {
      if (m !== 'go') return;
      process.off('message', on);
      resolve();
    };
    process.on('message', on);
  });

/** A room pass: `POST …/watercooler/access`'s token. */
async function pass(base: string, member: Member): Promise<string> {
  const res = await fetch(`${base}/api/user/team/${member.teamId}/watercooler/access`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-version': API_VERSION,
      authorization: `Bearer ${member.token}`,
    },
    body: '{}',
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`access ${res.status} ${body.slice(0, 200)}`);
  return (JSON.parse(body) as { data: { token: string } }).data.token;
}

/** Opens the member's room socket and joins; resolves with the socket once `joined` came. */
function enter(base: string, member: Member, token: string, onMessage: (text: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/watercooler`);
    let joined = false;
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no joined within 30 s'));
    }, 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'join', token })));
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (!joined) {
        if (!text.startsWith('{"type":"joined"')) return;
        joined = true;
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      onMessage(text);
    });
    socket.on('error', () => undefined);
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!joined) reject(new Error(`closed ${code} ${reason.toString()} before joined`));
    });
  });
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: watercooler-load.ts <json WatercoolerLoadRequest> (with an IPC channel)');
  const req = JSON.parse(arg) as WatercoolerLoadRequest;
  const { teams } = JSON.parse(readFileSync(req.tokensFile, 'utf8')) as MemberTokens;
  const members: Member[] = teams.flatMap((t, room) =>
    t.tokens.map((token) => ({ index: 0, room, teamId: t.id, token, seen: new Set<string>() })),
  );
  members.forEach((m, i) => (m.index = i));

  const sent = new Map<string, Sent>();
  const latencies: number[] = [];
  const acks: number[] = [];
  let duplicates = 0;
  let wrongRoom = 0;
  let echoed = 0;
  let refused = 0;
  let firstRefusal: string | undefined;
  let dropped = 0;
  let firstDrop: string | undefined;
  let leaving = false;

  const onMessage = (member: Member, text: string) => {
    const now = performance.now();
    // Only chat is parsed: presence and pongs pass by.
    if (text.startsWith('{"type":"message"')) {
      const { message } = JSON.parse(text) as { message: { body: string } };
      const key = /^wcb (\d+ \d+)/.exec(message.body)?.[1];
      const say = key === undefined ? undefined : sent.get(key);
      if (!say || key === undefined) return;
      if (say.sender === member.index) echoed++;
      else if (say.room !== member.room) wrongRoom++;
      if (member.seen.has(key)) {
        duplicates++;
        return;
      }
      member.seen.add(key);
      say.deliveries++;
      if (say.measured) latencies.push(now - say.at);
    } else if (text.startsWith('{"type":"said"')) {
      const { nonce } = JSON.parse(text) as { nonce: string };
      const say = sent.get(nonce);
      if (!say) return;
      say.said = true;
      if (say.measured) acks.push(now - say.at);
    } else if (text.startsWith('{"type":"refused"')) {
      const { nonce, message } = JSON.parse(text) as { nonce?: string; message: string };
      if (nonce !== undefined && sent.get(nonce)?.measured) refused++;
      firstRefusal ??= message;
    }
  };

  // 1. One member enters a room and leaves it: the server's room code has run once before the
  // baseline of its memory is taken (the room ends: its post is written, nothing else is left).
  const first = members[0]!;
  const warm = await enter(req.base, first, await pass(req.base, first), () => undefined);
  await new Promise<void>((resolve) => {
    warm.once('close', () => resolve());
    warm.send(JSON.stringify({ type: 'leave' }));
  });
  send({ step: 'warm' });
  await go();

  // 2. Everyone enters their team's room, `connectConcurrency` at a time.
  let joinFailures = 0;
  let firstJoinError: string | undefined;
  const joinStart = performance.now();
  const join = async (member: Member) => {
    try {
      const socket = await enter(req.base, member, await pass(req.base, member), (text) => onMessage(member, text));
      member.socket = socket;
      socket.on('close', (code, reason) => {
        if (leaving) return;
        dropped++;
        firstDrop ??= `${code} ${reason.toString()}`;
      });
    } catch (err) {
      joinFailures++;
      firstJoinError ??= (err as Error).message;
    }
  };
  for (let i = 0; i < members.length; i += req.connectConcurrency)
    await Promise.all(members.slice(i, i + req.connectConcurrency).map(join));
  const joinMs = performance.now() - joinStart;
  // The presence lines of the last joins settle before anything is measured.
  await sleep(1_000);
  send({ step: 'joined' });
  await go();

  // 3. Every member says `saysPerSecond` a second, the members spread evenly over the interval;
  // every (member, k) is sent when due, never in bursts.
  let measuring = false;
  const interval = 1000 / req.saysPerSecond;
  const total = req.warmupSeconds + req.seconds;
  const speakers = members.filter((m) => m.socket);
  const schedule = speakers.flatMap((member, i) => {
    const phase = (i / speakers.length) * interval;
    return Array.from({ length: Math.floor((total * 1000) / interval) }, (_, k) => ({
      member,
      k,
      due: k * interval + phase,
    }));
  });
  schedule.sort((a, b) => a.due - b.due);
  let says = 0;
  const start = performance.now();
  for (const { member, k, due } of schedule) {
    const wait = start + due - performance.now();
    if (wait > 1) await sleep(wait);
    const nowMeasuring = due >= req.warmupSeconds * 1000;
    if (nowMeasuring && !measuring) send({ step: 'measuring' });
    measuring = nowMeasuring;
    const key = `${member.index} ${k}`;
    const socket = member.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) continue;
    sent.set(key, {
      at: performance.now(),
      room: member.room,
      sender: member.index,
      measured: measuring,
      deliveries: 0,
    });
    if (measuring) says++;
    socket.send(JSON.stringify({ type: 'say', nonce: key, body: `wcb ${key} watercooler benchmark` }));
  }
  send({ step: 'measured' });
  await sleep(GRACE_MS);

  // 4. Sum up, then everyone leaves (the rooms end).
  const inRoom = new Map<number, number>();
  for (const m of speakers) inRoom.set(m.room, (inRoom.get(m.room) ?? 0) + 1);
  let missing = 0;
  let said = 0;
  for (const s of sent.values()) {
    if (!s.measured || !s.said) continue;
    said++;
    missing += (inRoom.get(s.room) ?? 1) - 1 - s.deliveries;
  }
  send({ step: 'settled' });
  await go();
  leaving = true;
  await Promise.all(
    speakers.map(
      (m) =>
        new Promise<void>((resolve) => {
          const socket = m.socket!;
          if (socket.readyState !== WebSocket.OPEN) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 5_000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.send(JSON.stringify({ type: 'leave' }));
        }),
    ),
  );

  latencies.sort((a, b) => a - b);
  acks.sort((a, b) => a - b);
  const summary: WatercoolerLoadSummary = {
    rooms: teams.length,
    members: members.length,
    joinFailures,
    ...(firstJoinError ? { firstJoinError } : {}),
    joinMs: Math.round(joinMs),
    says,
    said,
    refused,
    ...(firstRefusal ? { firstRefusal } : {}),
    delivery: {
      count: latencies.length,
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
    ack: { p50: round(percentile(acks, 50)), p99: round(percentile(acks, 99)) },
    missing,
    duplicates,
    wrongRoom,
    echoed,
    dropped,
    ...(firstDrop ? { firstDrop } : {}),
  };
  send({ step: 'done', summary });
  process.disconnect?.();
}

main().catch((err: unknown) => {
  console.error(err);
  send({ step: 'failed', error: String(err) });
  process.exitCode = 1;
  process.disconnect?.();
});
