import type { AttentionCause } from '@rally/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { ledMemberships } from './repository.js';

/** The roles that lead a team (`isLead`): the portfolio is theirs. */

/** A coach the portfolio jobs work for: someone who leads at least one engagement not deleted. */
export interface Lead {
  id: number;
  email: string;
  first_name: string;
  /** Their profile's IANA time zone; null when none is set (UTC). */
  timezone: string | null;
}

/** One cause a coach was told of (`attention_flags`). */
export interface AttentionFlag {
  team_id: number;
  cause: AttentionCause;
}

/** What the portfolio's jobs read and write: the leads, the causes told, the digests sent. */
export class PortfolioJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Verified accounts that lead (role 2 or 3) an engagement not deleted, by id. */
  leads(): Promise<Lead[]> {
    return (
      this.db
        .selectFrom('users as u')
        .leftJoin('profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.first_name', 'p.timezone'])
        .where('u.email_verified_at', 'is not', null)
        // Leads of an engagement, as the read model counts them (a personal team is none).
        .where('u.id', 'in', ledMemberships(this.db).select('m.user_id'))
        .orderBy('u.id')
        .execute()
    );
  }

  /**
   * Forgets the causes told to people who no longer lead the team (left, demoted, the team
   * deleted): were they to lead it again, a cause still wrong is news to them.
   */
  async dropFlagsOfFormerLeads(ex: Executor): Promise<number> {
    const res = await ex
      .deleteFrom('attention_flags as f')
      .where((eb) =>
        eb.not(
          eb.exists(
            ledMemberships(ex)
              .select('m.team_id')
              .where(sql<boolean>`m.user_id = f.user_id and m.team_id = f.team_id`),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async flagsOf(userId: number): Promise<AttentionFlag[]> {
    const rows = await this.db
      .selectFrom('attention_flags')
      .select(['team_id', 'cause'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => ({ team_id: r.team_id, cause: r.cause as AttentionCause }));
  }

  /** Records that the coach is told of this cause; false when they were already (another run won). */
  async addFlag(ex: Executor, userId: number, flag: AttentionFlag, at: string): Promise<boolean> {
    const row = await ex
      .insertInto('attention_flags')
      .values({ user_id: userId, team_id: flag.team_id, cause: flag.cause, flagged_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'team_id', 'cause']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async dropFlag(ex: Executor, userId: number, flag: AttentionFlag): Promise<void> {
    await ex
      .deleteFrom('attention_flags')
      .where('user_id', '=', userId)
      .where('team_id', '=', flag.team_id)
      .where('cause', '=', flag.cause)
      .execute();
  }

  /** Of these (coach, week) pairs, the coaches whose digest for that week went already. */
  async digestsSent(pairs: { userId: number; week: string }[]): Promise<Set<number>> {
    if (pairs.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('portfolio_digests')
      .select(['user_id', 'week'])
      .where(
        'user_id',
        'in',
        pairs.map((p) => p.userId),
      )
      .where('week', 'in', [...new Set(pairs.map((p) => p.week))])
      .execute();
    const wanted = new Set(pairs.map((p) => `${p.userId}:${p.week}`));
    return new Set(rows.filter((r) => wanted.has(`${r.user_id}:${r.week}`)).map((r) => r.user_id));
  }

  /** Claims the coach's digest of `week`; false when it was claimed already (another process, a restart). */
  async claimDigest(ex: Executor, userId: number, week: string, at: string): Promise<boolean> {
    const row = await ex
      .insertInto('portfolio_digests')
      .values({ user_id: userId, week, sent_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
