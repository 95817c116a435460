import type { Kysely, Transaction } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';

/** A notification as the list shows it: its row with the actor's current avatar. */
export interface NotificationView {
  id: number;
  user_id: number;
  team_id: number | null;
  actor_id: number;
  kind: string;
  subject: number | null;
  data: string;
  read_at: string | null;
  created_at: string;
  actor_avatar: string | null;
  /** The actor's current name (rows stored before the name was kept in `data`). */
  actor_first_name: string | null;
  actor_last_name: string | null;
}

export interface NewNotification {
  user_id: number;
  team_id: number | null;
  actor_id: number;
  kind: string;
  subject: number | null;
  data: string;
}

/** The columns of a `NotificationView`, over `notifications as n` left-joined to `users as a`. */
export const NOTIFICATION_VIEW = [
  'n.id',
  'n.user_id',
  'n.team_id',
  'n.actor_id',
  'n.kind',
  'n.subject',
  'n.data',
  'n.read_at',
  'n.created_at',
  'a.avatar as actor_avatar',
  'a.first_name as actor_first_name',
  'a.last_name as actor_last_name',
] as const;

/** The one place that reads and writes `notifications` (and what fan-out reads of people and teams). */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private list(userId: number, teamId: number | undefined, unreadOnly: boolean, ex: Executor = this.db) {
    let q = ex
      .selectFrom('notifications as n')
      .where('n.user_id', '=', userId)
      // A deleted engagement's notifications are hidden with it, and back if it is restored (ADR 0019).
      .where((eb) =>
        eb.or([
          eb('n.team_id', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('teams as gone')
                .select('gone.id')
                .whereRef('gone.id', '=', 'n.team_id')
                .where('gone.deleted_at', 'is not', null),
            ),
          ),
        ]),
      );
    if (teamId !== undefined) q = q.where('n.team_id', '=', teamId);
    if (unreadOnly) q = q.where('n.read_at', 'is', null);
    return q;
  }

  /** One page, newest first (the `(user_id, id)` index), with the actor's avatar in the same query. */
  page(userId: number, teamId: number | undefined, unreadOnly: boolean, limit: number, offset: number) {
    return this.list(userId, teamId, unreadOnly)
      .leftJoin('users as a', 'a.id', 'n.actor_id')
      .select(NOTIFICATION_VIEW)
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<NotificationView[]>;
  }

  async count(userId: number, teamId: number | undefined, unreadOnly: boolean): Promise<number> {
    const row = await this.list(userId, teamId, unreadOnly)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks these of the user's notifications read (those unread yet); the time it set. */
  /** Marks `userId`'s unread notifications of `kinds` about `subject` read. */
  async markSubjectRead(userId: number, kinds: readonly string[], subject: number, ex: Executor): Promise<void> {
    await ex
      .updateTable('notifications')
      .set({ read_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('kind', 'in', kinds)
      .where('subject', '=', subject)
      .where('read_at', 'is', null)
      .execute();
  }

  async markRead(userId: number, ids: number[], ex: Executor): Promise<string> {
    const now = nowIso();
    if (ids.length === 0) return now;
    await ex
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
    return now;
  }

  /** Inserts the rows at `created_at`, in the caller's transaction; their ids, in the given order. */
  async insert(rows: NewNotification[], created_at: string, trx: Transaction<Database>): Promise<number[]> {
    const ids: number[] = [];
    // One statement per row keeps the ids in order on both databases.
    for (const row of rows) {
      const { id } = await trx
        .insertInto('notifications')
        .values({ ...row, read_at: null, created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    return ids;
  }

  /** Whether the recipient already has an unread one of this kind, actor and subject (no repeats). */
  async hasUnread(userId: number, kind: string, actorId: number, subject: number | null): Promise<boolean> {
    let q = this.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('actor_id', '=', actorId)
      .where('read_at', 'is', null);
    q = subject === null ? q.where('subject', 'is', null) : q.where('subject', '=', subject);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  actor(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'avatar'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async teamName(teamId: number): Promise<string | null> {
    const row = await this.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst();
    return row?.name ?? null;
  }

  /** Of `userIds`, those who are members of the team now. */
  async membersAmong(teamId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** The team's members now, optionally only those of some roles. */
  async membersOf(teamId: number, roles?: readonly number[]): Promise<number[]> {
    let q = this.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId);
    if (roles) q = q.where('role_id', 'in', [...roles]);
    return (await q.execute()).map((r) => r.user_id);
  }

  /** Accounts that proved these addresses: an invitation is never shown to an unverified one. */
  async usersByEmail(emails: string[]): Promise<number[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', emails)
      .where('email_verified_at', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  }

  async postAuthor(postId: number): Promise<{ user_id: number; team_id: number } | undefined> {
    return this.db.selectFrom('posts').select(['user_id', 'team_id']).where('id', '=', postId).executeTakeFirst();
  }
}
