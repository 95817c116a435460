/**
 * The load generator of the realtime benchmark, in its own process (never the server's): it
 * connects one WebSocket per member to `/api/realtime`, signs each in, then has one member of every
 * team post (`POST /api/user/team/:id/posts`) `postsPerSecond` times a second, the teams spread
 * evenly over the second, and times every delivery of every post to every member's socket. Prints
 * one JSON line (RealtimeLoadSummary) on stdout and nothing else.
 *
 *   node --import tsx bench/support/realtime-load.ts '<json RealtimeLoadRequest>'
 *
 * The latency of a delivery runs from the moment the POST is sent to the moment the member's socket
 * has the event: publish → receipt plus the post's own insert, so an upper bound of the fan-out.
 * Both ends are in this process, on one clock.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, round2 as round } from './figures.js';
import type { MemberTokens } from './seed.js';
import { sleep } from './server.js';

export interface RealtimeLoadRequest {
  /** Rally servers' base URLs (`http://127.0.0.1:port`); sockets and posts go round-robin. */
  bases: string[];
  /** A `MemberTokens` file from the seed. */
  tokensFile: string;
  postsPerSecond: number;
  warmupSeconds: number;
  seconds: number;
  /** Sockets opened at once while connecting. */
  connectConcurrency: number;
}

export interface RealtimeLoadSummary {
  clients: number;
  connectFailures: number;
  /** Time to connect and sign in every socket, ms. */
  connectMs: number;
  posts: number;
  /** POSTs that did not answer 201 (with the first error seen). */
  postErrors: number;
  firstPostError?: string;
  /** POST answer time, ms. */
  post: { p50: number; p99: number };
  /** Delivery latency (POST sent → event at a member's socket), ms. */
  delivery: { count: number; p50: number; p90: number; p99: number; max: number };
  /** Fan-out spread (a post's first delivery → this delivery), ms: the gateway's own share. */
  spread: { p50: number; p99: number };
  /** Deliveries expected (posts × members of the team) and not seen within the grace period. */
  missing: number;
  /** An event of a team delivered to a socket of someone outside it (must be 0). */
  wrongTeam: number;
  duplicates: number;
  /** Sockets that closed during the run. */
  dropped: number;
}

const API_VERSION = '1.3';
const GRACE_MS = 3_000;

interface Member {
  teamId: number;
  token: string;
  socket?: WebSocket;
  seen: Set<string>;
}

interface Sent {
  at: number;
  teamId: number;
  measured: boolean;
  deliveries: number;
  /** When its first delivery arrived. */
  first?: number;
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: realtime-load.ts <json RealtimeLoadRequest>');
  const req = JSON.parse(arg) as RealtimeLoadRequest;
  const { teams } = JSON.parse(readFileSync(req.tokensFile, 'utf8')) as MemberTokens;
  const members: Member[] = teams.flatMap((t) =>
    t.tokens.map((token) => ({ teamId: t.id, token, seen: new Set<string>() })),
  );

  const sent = new Map<string, Sent>();
  const latencies: number[] = [];
  const spreads: number[] = [];
  const postTimes: number[] = [];
  let wrongTeam = 0;
  let duplicates = 0;
  let dropped = 0;
  let measuring = false;

  const onEvent = (member: Member, text: string) => {
    const now = performance.now();
    // The marker written into the post's content; found in the raw JSON whatever the post's shape.
    const key = /rtb-(\d+)-(\d+)-x/.exec(text)?.[0];
    if (!key || !text.includes('"post.created"')) return;
    const post = sent.get(key);
    if (!post) return;
    if (post.teamId !== member.teamId) wrongTeam++;
    if (member.seen.has(key)) {
      duplicates++;
      return;
    }
    member.seen.add(key);
    post.deliveries++;
    post.first ??= now;
    if (post.measured) {
      latencies.push(now - post.at);
      spreads.push(now - post.first);
    }
  };

  // 1. Connect and sign in every member, `connectConcurrency` at a time.
  let connectFailures = 0;
  const connectStart = performance.now();
  const wsBase = (i: number) => `${req.bases[i % req.bases.length]!.replace(/^http/, 'ws')}/api/realtime`;
  const connect = (member: Member, i: number) =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(wsBase(i));
      const timer = setTimeout(() => {
        connectFailures++;
        socket.terminate();
        resolve();
      }, 30_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: member.token })));
      socket.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (!member.socket) {
          if (!text.includes('"ready"')) return;
          member.socket = socket;
          clearTimeout(timer);
          resolve();
          return;
        }
        onEvent(member, text);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (member.socket === socket) dropped++;
        else {
          clearTimeout(timer);
          connectFailures++;
          resolve();
        }
      });
    });
  for (let i = 0; i < members.length; i += req.connectConcurrency)
    await Promise.all(members.slice(i, i + req.connectConcurrency).map((m, j) => connect(m, i + j)));
  const connectMs = performance.now() - connectStart;

  // 2. Post: one member of every team, `postsPerSecond` a second, teams spread over the second.
  let postErrors = 0;
  let firstPostError: string | undefined;
  const posters = teams.map((t, i) => ({ teamId: t.id, token: t.tokens[0]!, base: req.bases[i % req.bases.length]! }));
  const post = async (poster: (typeof posters)[number], seq: number) => {
    const key = `rtb-${poster.teamId}-${seq}-x`;
    const at = performance.now();
    sent.set(key, { at, teamId: poster.teamId, measured: measuring, deliveries: 0 });
    try {
      const res = await fetch(`${poster.base}/api/user/team/${poster.teamId}/posts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-version': API_VERSION,
          authorization: `Bearer ${poster.token}`,
        },
        body: JSON.stringify({ content: `Realtime bench ${key}` }),
      });
      const body = await res.text();
      if (res.status !== 201) {
        postErrors++;
        firstPostError ??= `${res.status} ${body.slice(0, 200)}`;
        sent.delete(key);
      } else if (measuring) postTimes.push(performance.now() - at);
    } catch (err) {
      postErrors++;
      firstPostError ??= String(err);
      sent.delete(key);
    }
  };

  const interval = 1000 / req.postsPerSecond;
  const total = req.warmupSeconds + req.seconds;
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  // Every (team, k) is due at start + k·interval + team's phase; sent when due, never in bursts.
  const schedule = posters.flatMap((poster, i) => {
    const phase = (i / posters.length) * interval;
    return Array.from({ length: Math.floor((total * 1000) / interval) }, (_, k) => ({
      poster,
      k,
      due: k * interval + phase,
    }));
  });
  schedule.sort((a, b) => a.due - b.due);
  for (const item of schedule) {
    const wait = start + item.due - performance.now();
    if (wait > 1) await sleep(wait);
    measuring = item.due >= req.warmupSeconds * 1000;
    const p = post(item.poster, item.k).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  await sleep(GRACE_MS);

  // 3. Sum up.
  let missing = 0;
  let measuredPosts = 0;
  const perTeam = new Map(teams.map((t) => [t.id, t.tokens.length]));
  for (const s of sent.values()) {
    if (!s.measured) continue;
    measuredPosts++;
    missing += perTeam.get(s.teamId)! - s.deliveries;
  }
  for (const m of members) m.socket?.terminate();
  latencies.sort((a, b) => a - b);
  spreads.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  const summary: RealtimeLoadSummary = {
    clients: members.filter((m) => m.socket).length,
    connectFailures,
    connectMs: Math.round(connectMs),
    posts: measuredPosts,
    postErrors,
    ...(firstPostError ? { firstPostError } : {}),
    post: { p50: round(percentile(postTimes, 50)), p99: round(percentile(postTimes, 99)) },
    delivery: {
      count: latencies.length,
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
    spread: { p50: round(percentile(spreads, 50)), p99: round(percentile(spreads, 99)) },
    missing,
    wrongTeam,
    duplicates,
    dropped,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
