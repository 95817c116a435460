import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import type { NotificationDto } from '@rally/contract';
import { presentNotification } from '../notifications/presenter.js';
import { NOTIFICATION_VIEW, type NotificationView } from '../notifications/repository.js';
import type { Hours } from './hours.js';

/** Which sessions still count as signed in: used since `usedSince` and signed in since `signedInSince`. */
export interface LiveSessions {
  usedSince: string;
  signedInSince: string;
}

/** Device tokens (browser push subscriptions), per-team mutes, held pushes, and the hours of profiles. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Moves an endpoint seen before to the user's session (one browser, one owner); false when it is new.
   */
  async updateSubscription(
    userId: number,
    sessionId: number,
    deviceId: string,
    endpoint: string,
    subscription: string,
    now: string,
    ex: Executor,
  ): Promise<boolean> {
    const res = await ex
      .updateTable('device_tokens')
      .set({ user_id: userId, session_id: sessionId, device_id: deviceId, subscription, updated_at: now })
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Inserts a subscription not seen before (a unique violation when another request just did). */
  async insertSubscription(
    userId: number,
    sessionId: number,
    deviceId: string,
    endpoint: string,
    subscription: string,
    now: string,
    ex: Executor,
  ): Promise<void> {
    await ex
      .insertInto('device_tokens')
      .values({
        user_id: userId,
        session_id: sessionId,
        device_id: deviceId,
        endpoint,
        subscription,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /**
   * The users' subscriptions whose session is alive: one used since `liveSince` (a session idle
   * longer has ended, even before anything deletes it).
   */
  subscriptionsOf(userIds: number[], live: LiveSessions) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device_tokens as d')
      .innerJoin('auth_tokens as t', 't.id', 'd.session_id')
      .select(['d.id', 'd.user_id', 'd.endpoint', 'd.subscription'])
      .where('d.user_id', 'in', userIds)
      .where('t.last_used_at', '>', live.usedSince)
      .where('t.created_at', '>', live.signedInSince)
      .execute();
  }

  /** Deletes the subscriptions of sessions idle or signed in too long ago (or of none); answers how many. */
  async deleteOfEndedSessions(live: LiveSessions, ex: Executor): Promise<number> {
    const res = await ex
      .deleteFrom('device_tokens')
      .where((eb) =>
        eb.or([
          eb('session_id', 'is', null),
          eb(
            'session_id',
            'in',
            eb
              .selectFrom('auth_tokens')
              .select('id')
              .where((t) => t.or([t('last_used_at', '<=', live.usedSince), t('created_at', '<=', live.signedInSince)])),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteSubscription(id: number, ex: Executor): Promise<void> {
    await ex.deleteFrom('device_tokens').where('id', '=', id).execute();
  }

  /** Of these (user, team) pairs, the users who turned the team's pushes off, as `user:team`. */
  async mutedAmong(pairs: { user_id: number; team_id: number }[]): Promise<Set<string>> {
    const users = [...new Set(pairs.map((p) => p.user_id))];
    if (users.length === 0) return new Set();
    const rows = await this.db.selectFrom('push_mutes').selectAll().where('user_id', 'in', users).execute();
    return new Set(rows.map((r) => `${r.user_id}:${r.team_id}`));
  }

  async isMuted(userId: number, teamId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_mutes')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One statement either way, so two requests at once cannot leave a duplicate or a gap. */
  async setMuted(userId: number, teamId: number, muted: boolean, ex: Executor): Promise<void> {
    if (muted)
      await ex
        .insertInto('push_mutes')
        .values({ user_id: userId, team_id: teamId })
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
    else await ex.deleteFrom('push_mutes').where('user_id', '=', userId).where('team_id', '=', teamId).execute();
  }

  /** Each user's hours (users without a profile row are absent: the defaults apply). */
  async hoursOf(userIds: number[]): Promise<Map<number, Hours>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('profiles')
      .select([
        'user_id',
        'timezone',
        'working_hours_start',
        'working_hours_end',
        'personal_hours_start',
        'personal_hours_end',
      ])
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  async hold(rows: { user_id: number; notification_id: number }[], now: string, ex: Executor): Promise<void> {
    if (rows.length === 0) return;
    await ex
      .insertInto('held_pushes')
      .values(rows.map((r) => ({ ...r, created_at: now, sent_at: null })))
      .execute();
  }

  /** Users with held pushes not sent yet. */
  async usersWithHeld(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('held_pushes')
      .select('user_id')
      .distinct()
      .where('sent_at', 'is', null)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * Claims the user's held pushes for one summary: one UPDATE … WHERE sent_at IS NULL RETURNING, so
   * of two processes running the job at once only one gets each row (the other gets none).
   */
  async claimHeld(userId: number, now: string, ex: Executor): Promise<number[]> {
    const rows = await ex
      .updateTable('held_pushes')
      .set({ sent_at: now })
      .where('user_id', '=', userId)
      .where('sent_at', 'is', null)
      .returning('notification_id')
      .execute();
    return rows.map((r) => r.notification_id);
  }

  /** Some notifications as presented, newest first (a summary's body is built from their fields). */
  async notificationsOf(ids: number[]): Promise<NotificationDto[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('notifications as n')
      .leftJoin('users as a', 'a.id', 'n.actor_id')
      .select(NOTIFICATION_VIEW)
      .where('n.id', 'in', ids)
      .orderBy('n.id', 'desc')
      .execute();
    return (rows as NotificationView[]).map(presentNotification);
  }
}
