/**
 * A fixed-rate load generator, in its own process: requests leave at evenly spaced instants
 * (rate per second), whether or not earlier ones have been answered (an open loop), over a pool
 * of keep-alive connections; round-robin over `requests`. Latency is counted from the instant a
 * request was due, not from when it could be sent, so a slow server cannot hide its queue by
 * holding the generator back ("coordinated omission"). Prints one JSON line (PacedSummary).
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection a budget per second,
 * which it spends back to back as soon as the second starts, so "300 a second on 20
 * connections" is a burst of 20 concurrent requests at every second's start and nothing after:
 * the p99 it reports is that of 20-way concurrency, not of 300 evenly spaced requests a second.
 *
 *   node --import tsx bench/support/paced.ts '{"origin":"http://127.0.0.1:3000","rate":300,
 *     "seconds":10,"warmupSeconds":2,"connections":32,"requests":[{"method":"GET","path":"/"}]}'
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedRequest {
  origin: string;
  requests: { method: string; path: string; headers: Record<string, string>; body?: string }[];
  /** Requests a second. */
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** At most this many open connections (a request due while all are busy waits for one). */
  connections: number;
  /** A request unanswered after this long counts as an error (default 10 s). */
  timeoutMs?: number;
}

export interface PacedPhase {
  /** Requests due in the phase and answered (any status) / failed (network, timeout). */
  sent: number;
  answered: number;
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Answers a second over the phase. */
  answeredPerSecond: number;
  /** From the instant due to the end of the answer, ms. */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** From the instant the request was written, ms (what a closed-loop generator would report). */
  sendP99: number;
  /** How late the generator wrote requests after their instant: p99, ms (its own lag). */
  lagP99: number;
}

export interface PacedSummary extends PacedPhase {
  warmup: PacedPhase;
}

const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const round2 = (n: number) => Math.round(n * 100) / 100;

async function phase(req: PacedRequest, agent: http.Agent, seconds: number): Promise<PacedPhase> {
  const { hostname, port } = new URL(req.origin);
  const interval = 1000 / req.rate;
  const total = Math.round(seconds * req.rate);
  const timeoutMs = req.timeoutMs ?? 10_000;
  const latency: number[] = [];
  const sendLatency: number[] = [];
  const lag: number[] = [];
  const statusCodes: Record<string, number> = {};
  let answered = 0;
  let errors = 0;
  let non2xx = 0;
  let pending = 0;
  let fired = 0;
  const start = performance.now();
  const bodies = req.requests.map((r) => (r.body === undefined ? undefined : Buffer.from(r.body)));

  return new Promise((resolve) => {
    const finish = () => {
      const sort = (xs: number[]) => Float64Array.from(xs).sort();
      const all = sort(latency);
      const sent = sort(sendLatency);
      const lagged = sort(lag);
      resolve({
        sent: total,
        answered,
        errors,
        non2xx,
        statusCodes,
        answeredPerSecond: round2(answered / seconds),
        p50: round2(quantile(all, 0.5)),
        p90: round2(quantile(all, 0.9)),
        p99: round2(quantile(all, 0.99)),
        p999: round2(quantile(all, 0.999)),
        max: round2(all[all.length - 1] ?? NaN),
        sendP99: round2(quantile(sent, 0.99)),
        lagP99: round2(quantile(lagged, 0.99)),
      });
    };
    const done = () => {
      pending--;
      if (pending === 0 && fired === total) finish();
    };
    const fire = (i: number, due: number) => {
      const spec = req.requests[i % req.requests.length]!;
      const body = bodies[i % req.requests.length];
      pending++;
      let sentAt = 0;
      let settled = false;
      const settle = (ok: boolean, status?: number) => {
        if (settled) return;
        settled = true;
        const end = performance.now();
        if (ok) {
          answered++;
          latency.push(end - due);
          sendLatency.push(end - sentAt);
          statusCodes[String(status)] = (statusCodes[String(status)] ?? 0) + 1;
          if (status === undefined || status < 200 || status >= 300) non2xx++;
        } else errors++;
        done();
      };
      const r = http.request(
        {
          agent,
          hostname,
          port,
          method: spec.method,
          path: spec.path,
          headers: body ? { ...spec.headers, 'content-length': String(body.length) } : spec.headers,
          timeout: timeoutMs,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => settle(true, res.statusCode));
          res.on('error', () => settle(false));
        },
      );
      // The socket may come later (all busy): the request is written once it is assigned one.
      r.on('socket', () => {
        sentAt = performance.now();
        lag.push(sentAt - due);
      });
      r.on('timeout', () => r.destroy(new Error('timeout')));
      r.on('error', () => settle(false));
      r.end(body);
    };
    const pump = () => {
      const now = performance.now();
      while (fired < total && start + fired * interval <= now) {
        fire(fired, start + fired * interval);
        fired++;
      }
      if (fired < total) setTimeout(pump, Math.max(0, start + fired * interval - performance.now()));
      else if (pending === 0) finish();
    };
    pump();
  });
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: paced.ts <json PacedRequest>');
  const req = JSON.parse(arg) as PacedRequest;
  const agent = new http.Agent({ keepAlive: true, maxSockets: req.connections, maxFreeSockets: req.connections });
  const warmup = await phase(req, agent, req.warmupSeconds);
  const measured = await phase(req, agent, req.seconds);
  agent.destroy();
  const summary: PacedSummary = { ...measured, warmup };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
