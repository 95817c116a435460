/**
 * The load generator of the API benchmark, in its own process: autocannon against one URL, a
 * warm-up run that is thrown away, then the measured run. Prints one JSON line (LoadSummary)
 * on stdout and nothing else.
 *
 *   node --import tsx bench/support/load.ts '{"url":"http://127.0.0.1:3000/","headers":{},
 *     "connections":20,"seconds":10,"warmupSeconds":2}'
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * Requests every connection cycles through (autocannon's `requests`: paths on `url`'s origin,
   * headers added to `headers`), to spread the load over several users or objects.
   */
  requests?: { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string }[];
  /**
   * autocannon's `overallRate`: at most this many requests a second over all connections. Beware:
   * each connection sends its share back to back at the start of every second, then waits, so
   * the load comes in bursts of `connections` concurrent requests (bench/timeline-bench.ts uses
   * support/paced.ts for evenly spaced requests).
   */
  overallRate?: number;
}

export interface LoadSummary {
  /** autocannon's mean of its per-second request counts. */
  requestsPerSecond: number;
  /** Latency in ms. */
  p50: number;
  p90: number;
  p99: number;
  /** Connection errors (autocannon's `errors`, which include timeouts) and timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
  /** Answers per HTTP status. */
  statusCodes: Record<string, number>;
  warmup: { requestsPerSecond: number; errors: number; non2xx: number; requests?: number };
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: load.ts <json LoadRequest>');
  const req = JSON.parse(arg) as LoadRequest;
  const run = (seconds: number) =>
    autocannon({
      url: req.url,
      headers: req.headers,
      connections: req.connections,
      duration: seconds,
      ...(req.requests ? { requests: req.requests } : {}),
      ...(req.overallRate ? { overallRate: req.overallRate } : {}),
    });
  const warm = await run(req.warmupSeconds);
  const r = await run(req.seconds);
  const summary: LoadSummary = {
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0])),
    warmup: {
      requestsPerSecond: warm.requests.average,
      errors: warm.errors,
      non2xx: warm.non2xx,
      requests: warm.requests.total,
    },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
