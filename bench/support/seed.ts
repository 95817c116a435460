/**
 * Seeds a fresh database for the API benchmark with the server's own repositories, before the
 * server starts: a coach (verified e-mail, active trial) who owns `teams` teams of
 * `membersPerTeam` members each (every member verified, with a trial), and a bearer token for
 * the coach (and, for the realtime benchmark, one for every member: `memberTokensFile`). A child
 * process of bench/api-bench.ts, run from the tree being measured, so a
 * benchmark of another commit (BENCH_REF) seeds with that commit's code and migrations.
 * Prints one JSON line: SeedResult.
 *
 *   node --conditions=source --import tsx bench/support/seed.ts '<json SeedRequest>'
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { Role } from '@rally/contract';
import { sqliteFileIn } from '../../apps/server/src/config.js';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js';
import { transact } from '../../apps/server/src/events/log.js';
import { nowIso } from '../../apps/server/src/lib/clock.js';
import { AuthRepository } from '../../apps/server/src/modules/auth/repository.js';
import { hashPassword, hashToken, newBearerToken } from '../../apps/server/src/modules/auth/secrets.js';
import { BillingRepository } from '../../apps/server/src/modules/billing/repository.js';
import { BillingService } from '../../apps/server/src/modules/billing/service.js';
import { MembersRepository } from '../../apps/server/src/modules/members/repository.js';
import { TeamsRepository } from '../../apps/server/src/modules/teams/repository.js';
import { createTeam } from '../../apps/server/src/modules/teams/service.js';

export interface SeedRequest {
  /** The server's DATABASE_URL; absent: SQLite in dataDir (the file the server opens). */
  databaseUrl?: string;
  dataDir: string;
  /** On PostgreSQL, the schema the URL's search_path must select (checked before writing). */
  schema?: string;
  teams: number;
  membersPerTeam: number;
  /**
   * Also a bearer token for every member, written to this file as `MemberTokens` (the realtime
   * benchmark: a thousand tokens are too many for a command line).
   */
  memberTokensFile?: string;
}

export interface SeedResult {
  token: string;
  users: number;
}

/** Each team with its members' tokens (`memberTokensFile`). */
export interface MemberTokens {
  teams: { id: number; tokens: string[] }[];
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: seed.ts <json SeedRequest>');
  const req = JSON.parse(arg) as SeedRequest;
  const db = openDatabase({ databaseUrl: req.databaseUrl, sqliteFile: sqliteFileIn(req.dataDir) });
  try {
    if (req.databaseUrl) {
      // Never seed into whatever schema happens to come first on a shared server.
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
      if (rows[0]?.schema !== req.schema)
        throw new Error(`search_path did not apply: current schema is ${rows[0]?.schema}, not ${req.schema}`);
    }
    await migrateToLatest(db.kysely);
    const auth = new AuthRepository(db.kysely);
    const members = new MembersRepository(db.kysely);
    const teams = new TeamsRepository(db.kysely, members);
    const billing = new BillingService(db.kysely, new BillingRepository(db.kysely), 14);
    const hash = await hashPassword('bench-pass');
    let users = 0;
    const person = async (first: string, email: string) => {
      const now = nowIso();
      const user = await auth.createUser({
        first_name: first,
        last_name: 'Bench',
        email,
        password_hash: hash,
        avatar: null,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      });
      if (!user) throw new Error(`${email} exists already: the database is not fresh`);
      await billing.startTrial(user.id);
      users++;
      return user.id;
    };
    const coach = await person('Coach', 'coach@bench.test');
    const memberTokens: MemberTokens = { teams: [] };
    for (let t = 0; t < req.teams; t++) {
      const team = await createTeam(db.kysely, teams, coach, `Bench Team ${t + 1}`, false, Role.Owner);
      const tokens: string[] = [];
      for (let m = 0; m < req.membersPerTeam; m++) {
        const member = await person(`Member ${t + 1}.${m + 1}`, `member.${t + 1}.${m + 1}@bench.test`);
        await transact(db.kysely, (trx) => members.add(team, member, Role.Member, trx));
        if (!req.memberTokensFile) continue;
        const token = newBearerToken();
        await auth.insertToken(member, hashToken(token));
        tokens.push(token);
      }
      memberTokens.teams.push({ id: team, tokens });
    }
    if (req.memberTokensFile) writeFileSync(req.memberTokensFile, JSON.stringify(memberTokens), { mode: 0o600 });
    const token = newBearerToken();
    await auth.insertToken(coach, hashToken(token));
    const result: SeedResult = { token, users };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.kysely.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
