/**
 * Acknowledged commits per second on SQLite in WAL mode with `synchronous = NORMAL` and `FULL`,
 * for the decision in docs/adr/0007. Each commit is one small transaction shaped like a sign-up
 * (a user row, a subscription row, a code row), as the API acknowledges them one at a time.
 * The modes alternate over several rounds, so a noisy neighbour hurts both alike.
 *
 *   npm run bench:sqlite -w @rally/bench        (BENCH_COMMITS per round, default 2000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 2000);
const ROUNDS = 3;
type Mode = 'NORMAL' | 'FULL';

function commitsPerSecond(mode: Mode): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-sync-'));
  const db = new SQLite(path.join(dir, 'bench.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${mode}`);
    db.exec(`create table users (id integer primary key, email text unique, hash text, created_at text);
             create table subscriptions (id integer primary key, user_id integer, plan text, ends_at text);
             create table codes (id integer primary key, user_id integer, hash text, expires_at text);`);
    const user = db.prepare('insert into users (email, hash, created_at) values (?, ?, ?)');
    const sub = db.prepare('insert into subscriptions (user_id, plan, ends_at) values (?, ?, ?)');
    const code = db.prepare('insert into codes (user_id, hash, expires_at) values (?, ?, ?)');
    const signUp = db.transaction((i: number) => {
      const now = new Date().toISOString();
      const id = Number(user.run(`u${i}@bench.test`, 'x'.repeat(96), now).lastInsertRowid);
      sub.run(id, 'Premium', now);
      code.run(id, 'y'.repeat(64), now);
    });
    const started = process.hrtime.bigint();
    for (let i = 0; i < COMMITS; i++) signUp(i);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return COMMITS / seconds;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<Mode, number[]> = { NORMAL: [], FULL: [] };
for (let round = 0; round < ROUNDS; round++)
  for (const mode of ['NORMAL', 'FULL'] as const) results[mode].push(commitsPerSecond(mode));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const normal = median(results.NORMAL);
const full = median(results.FULL);
console.log(`SQLite WAL, ${COMMITS} sign-up-shaped commits per round, ${ROUNDS} rounds, median:`);
console.log(
  `  synchronous = NORMAL  ${normal.toFixed(0)} commits/s  (${results.NORMAL.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `  synchronous = FULL    ${full.toFixed(0)} commits/s  (${results.FULL.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(`  FULL / NORMAL = ${(full / normal).toFixed(3)}`);
