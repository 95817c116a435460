/**
 * Load benchmark of the hottest read paths (not a test): builds the real app over a temp SQLite
 * file, seeds a coach with 20 teams of 12 members, listens on 127.0.0.1 and drives it with
 * autocannon for a fixed time. Results go to stdout and bench/RESULTS.md is updated by hand.
 *
 *   npm run bench -w @rally/bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Role } from '@rally/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { nowIso } from '../apps/server/src/lib/clock.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { AuthRepository } from '../apps/server/src/modules/auth/repository.js';
import { hashPassword, hashToken, newBearerToken } from '../apps/server/src/modules/auth/secrets.js';
import { BillingRepository } from '../apps/server/src/modules/billing/repository.js';
import { BillingService } from '../apps/server/src/modules/billing/service.js';
import { MembersRepository } from '../apps/server/src/modules/members/repository.js';
import { TeamsRepository } from '../apps/server/src/modules/teams/repository.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    APP_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dir, 'none'),
  });
  const db = openDatabase({ sqliteFile: path.join(dir, 'bench.sqlite') });
  const app = await buildApp({ config, db, logger: false, schedules: false });
  await app.ready();

  const auth = new AuthRepository(db.kysely);
  const members = new MembersRepository(db.kysely);
  const teams = new TeamsRepository(db.kysely, members);
  const billing = new BillingService(new BillingRepository(db.kysely), 14);
  const hash = await hashPassword('bench-pass');
  const mk = async (i: number) => {
    const now = nowIso();
    const u = await auth.createUser({
      first_name: `User${i}`,
      last_name: 'Bench',
      email: `u${i}@bench.test`,
      password_hash: hash,
      avatar: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    if (!u) throw new Error(`bench user ${i} exists already`);
    await billing.startTrial(u.id);
    return u.id;
  };
  const coach = await mk(0);
  const others = await Promise.all(Array.from({ length: 60 }, (_, i) => mk(i + 1)));
  for (let t = 0; t < 20; t++) {
    const id = await teams.createTeam(coach, `Team ${t}`, false, Role.Owner);
    for (let m = 0; m < 12; m++) await members.add(id, others[(t * 3 + m) % others.length]!, Role.Member);
  }
  const token = newBearerToken();
  await auth.insertToken(coach, hashToken(token));

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${token}`, 'accept-version': '1.3' };

  for (const [name, url] of [
    ['GET /api/user/teams (20 teams × 13 members)', '/api/user/teams'],
    ['GET /api/user/profile', '/api/user/profile'],
  ] as const) {
    const rssBefore = process.memoryUsage().rss;
    const r = await autocannon({ url: address + url, connections: CONNECTIONS, duration: DURATION_S, headers });
    console.log(
      `${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
        `errors ${r.errors + r.non2xx}, rss ${(rssBefore / 2 ** 20).toFixed(0)}→${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    );
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
