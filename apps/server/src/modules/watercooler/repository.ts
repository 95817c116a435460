import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A member as the room shows them: their attributes (spec §3 Chat message). */
export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
}

/**
 * The watercooler's reads: who is a member (with what the room shows of them) and how many the
 * team has. Nothing of a room is written here: its messages live in the RoomStore, and what is
 * kept when it ends is a post, written by the posts repository.
 */
export class WatercoolerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user as the room shows them, when they are a member of the team (one query). */
  member(teamId: number, userId: number): Promise<PersonRow | undefined> {
    return this.db
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.avatar'])
      .where('m.team_id', '=', teamId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  async membersCount(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** These users as they are now (those who still have an account), and whether each is still a member. */
  async people(teamId: number, userIds: readonly number[]): Promise<Array<PersonRow & { member: boolean }>> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('team_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.team_id', '=', teamId))
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.avatar', 'm.user_id as member_id'])
      .where('u.id', 'in', [...userIds])
      .execute();
    return rows.map(({ member_id, ...person }) => ({ ...person, member: member_id !== null }));
  }
}
