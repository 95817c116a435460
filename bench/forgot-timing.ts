/**
 * Does forgot-password take the same time for an e-mail with an account as for one without?
 * (Issue 12: 1.65 ms vs 0.99 ms median before the work moved after the answer.)
 * The server runs in a child process; this process sends the requests, known and unknown
 * interleaved, each from its own client address (X-Forwarded-For with TRUST_PROXY) so the
 * per-IP and per-account-and-address limits stay out of the way. Bounded: ROUNDS pairs.
 *
 *   npm run bench:forgot -w @rally/bench      (ROUNDS, default 300; SPACING_MS waits between calls)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, sleep, startServer, waitHealthy } from './support/server.js';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-forgot-'));

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port);
  try {
    await waitHealthy(base);
    let ip = 0;
    const post = async (pathName: string, body: unknown) => {
      ip++;
      const started = process.hrtime.bigint();
      const res = await fetch(`${base}/api/${pathName}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}` },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return { status: res.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const known = 'known.person@rally.test';
    const signUp = await post('register', {
      first_name: 'Known',
      last_name: 'Person',
      email: known,
      password: 'known-pass',
      password_confirmation: 'known-pass',
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);

    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const email = kind === 'known' ? known : `nobody.${i}@rally.test`;
        if (process.env.SPACING_MS) await sleep(Number(process.env.SPACING_MS));
        const res = await post('forgot-password', { email });
        if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
        times[kind].push(res.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const k = median(times.known);
    const u = median(times.unknown);
    console.log(`forgot-password, ${ROUNDS} calls each, interleaved, median round trip:`);
    console.log(`  known e-mail    ${k.toFixed(2)} ms`);
    console.log(`  unknown e-mail  ${u.toFixed(2)} ms`);
    console.log(`  known / unknown = ${(k / u).toFixed(3)}`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
