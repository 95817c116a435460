/**
 * Crash test: sign-ups under load while the server is killed with SIGKILL, 20 times (KILLS).
 * Afterwards the database must hold no half-written account: every acknowledged sign-up is
 * there, every account has its subscription (the Coach trial) and, while unverified, its
 * verification code, and every code has its mail in the outbox. Exits 1 on any violation.
 *
 *   npm run crash:signups -w @rally/bench
 *
 * The load comes from this process; the server is a child process on 127.0.0.1. Each sign-up
 * names its own client address (X-Forwarded-For with TRUST_PROXY), so per-IP limits stay out
 * of the way. Bounded: KILLS rounds of at most ~2 s of load each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, sleep, startServer, waitHealthy } from './support/server.js';

const KILLS = Number(process.env.KILLS ?? 20);
const CONCURRENCY = 8;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rally-crash-'));

let seq = 0;
const acknowledged = new Set<string>();

/** Signs people up until `until`; counts only answers the server acknowledged with 201. */
async function load(base: string, until: number): Promise<void> {
  const worker = async () => {
    while (Date.now() < until) {
      const n = ++seq;
      const email = `crash.${n}@rally.test`;
      try {
        const res = await fetch(`${base}/api/register`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({
            first_name: 'Crash',
            last_name: `Test ${n}`,
            email,
            password: 'crash-pass',
            password_confirmation: 'crash-pass',
          }),
        });
        if (res.status === 201) acknowledged.add(email);
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  for (let round = 1; round <= KILLS; round++) {
    const server = startServer(dataDir, port);
    await waitHealthy(base);
    const killAt = Date.now() + 300 + Math.floor(Math.random() * 1200);
    const loading = load(base, killAt + 2000);
    await sleep(killAt - Date.now());
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await exited;
    await loading;
    process.stdout.write(`kill ${round}/${KILLS}: ${acknowledged.size} sign-ups acknowledged so far\n`);
  }

  const db = new SQLite(path.join(dataDir, 'rally.sqlite'), { readonly: true });
  const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
  const users = new Set((db.prepare('select email from users').all() as { email: string }[]).map((r) => r.email));
  const lost = [...acknowledged].filter((e) => !users.has(e));
  const problems = {
    'acknowledged but missing': lost.length,
    'accounts without a subscription': count(
      'select count(*) as n from users u where not exists (select 1 from subscriptions s where s.user_id = u.id)',
    ),
    'unverified accounts without a verification code': count(
      `select count(*) as n from users u where u.email_verified_at is null
         and not exists (select 1 from one_time_codes c where c.user_id = u.id and c.purpose = 'verify')`,
    ),
    'unverified accounts without their mail in the outbox': count(
      `select count(*) as n from users u where u.email_verified_at is null
         and not exists (select 1 from mail_outbox m where m.to_address = u.email)`,
    ),
  };
  const accounts = count('select count(*) as n from users');
  db.close();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(`\n${KILLS} kills, ${acknowledged.size} acknowledged sign-ups, ${accounts} accounts in the database`);
  for (const [what, n] of Object.entries(problems)) console.log(`  ${what}: ${n}`);
  const bad = Object.values(problems).some((n) => n > 0);
  console.log(bad ? 'FAIL: half-written accounts found' : 'OK: no half-written account');
  process.exit(bad ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
