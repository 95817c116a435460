import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A member of a team and one of their live bearer tokens (null: the member has none). */
export interface RecipientRow {
  user_id: number;
  token_id: number | null;
}

/**
 * The gateway's reads. It reads `team_members` and `auth_tokens`, which the members and auth
 * modules write: delivery asks the database who may receive, at delivery time, instead of keeping
 * a copy that every writer of those tables would have to invalidate (docs/adr/0010).
 */
export class RealtimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Who may receive an event of `teamId` now: every member with each of their tokens, in one
   * query (the team's primary-key prefix, then `auth_tokens_user_id`). A token that was revoked
   * (logout) is no longer there; a member with no token comes back once with a null token.
   */
  recipients(teamId: number): Promise<RecipientRow[]> {
    return this.db
      .selectFrom('team_members as m')
      .leftJoin('auth_tokens as t', 't.user_id', 'm.user_id')
      .select(['m.user_id', 't.id as token_id'])
      .where('m.team_id', '=', teamId)
      .execute();
  }

  /** The live bearer token ids of one user (a user event goes to sockets opened with one of them). */
  async liveTokensOf(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('auth_tokens').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.id);
  }

  /** The teams a user belongs to, for the `ready` message. */
  async teamIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', userId)
      .orderBy('team_id')
      .execute();
    return rows.map((r) => r.team_id);
  }
}
