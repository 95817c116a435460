import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { type RegisterDeviceTokenData, ProfileMessages, Timing, notificationSentence } from '@rally/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import type { Session } from '../../http/authenticate.js';
import { validation } from '../../http/errors.js';
import { MINUTE } from '../../lib/clock.js';
import type { Scheduler } from '../../queue/work-queue.js';
import type { TeamAccess } from '../members/team-access.js';
import type { Delivered, NotificationSink } from '../notifications/notifier.js';
import { withinHours } from './hours.js';
import type { LiveSessions, PushRepository } from './repository.js';
import type { Vapid } from './vapid.js';

/** What a push carries (the service worker shows `title` and `body`, and opens `url` on click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

export interface PushDeps {
  /** The database of the subscriptions, mutes and held pushes (their writes' transactions are opened here). */
  db: Kysely<Database>;
  repo: PushRepository;
  access: TeamAccess;
  vapid: Vapid;
  log: FastifyBaseLogger;
  /** The time now (tests move it). */
  now?: () => Date;
  /** Host names a subscription's endpoint may have (config PUSH_SERVICE_HOSTS). */
  allowedHosts: readonly string[];
  /** A session ends this long after its sign-in (SESSION_MAX_AGE_DAYS), however often it is used. */
  sessionMaxAgeMs: number;
  /** The HTTPS agent of requests to push services (tests trust their local stand-in with it). */
  agent?: Agent;
}

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Sessions used since this instant are alive (auth ends one idle longer at its next use). The real
 * clock, as the auth module's: `deps.now` moves only the quiet hours in tests.
 */
const liveSince = (sessionMaxAgeMs: number): LiveSessions => ({
  usedSince: new Date(Date.now() - Timing.sessionIdleMs).toISOString(),
  signedInSince: new Date(Date.now() - sessionMaxAgeMs).toISOString(),
});

/** A host of the allowed push services: `host` exactly, or a subdomain of `.suffix`. */
export const isPushHost = (hostname: string, allowed: readonly string[]): boolean =>
  allowed.some((h) => (h.startsWith('.') ? hostname.endsWith(h) : hostname === h));

/**
 * Parses a browser's PushSubscription JSON; undefined when it is not one, or when it points
 * anywhere but a known push service (the server would POST there).
 */
function parseSubscription(json: string, allowedHosts: readonly string[]): Subscription | undefined {
  try {
    const value = JSON.parse(json) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    if (
      typeof value.endpoint === 'string' &&
      value.endpoint.startsWith('https://') &&
      URL.canParse(value.endpoint) &&
      isPushHost(new URL(value.endpoint).hostname.toLowerCase(), allowedHosts) &&
      typeof value.keys?.p256dh === 'string' &&
      typeof value.keys.auth === 'string'
    )
      return { endpoint: value.endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    // fall through
  }
  return undefined;
}

/**
 * Web Push (decisions.md: replaces Firebase). A new notification is pushed to its recipient's
 * browsers at once within their hours; outside them it is held, and `flushHeld` (every minute)
 * sends one summary when their hours begin. A subscription the push service reports gone (404,
 * 410) is deleted. A member may turn the pushes of one team off.
 */
export class PushService implements NotificationSink {
  private readonly now: () => Date;

  constructor(private readonly deps: PushDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  /** Stores the browser's subscription for the session that sent it: it ends with that session. */
  async register(session: Session, input: RegisterDeviceTokenData): Promise<void> {
    const sub = parseSubscription(input.device_token, this.deps.allowedHosts);
    if (!sub) throw validation({ device_token: [ProfileMessages.pushNotSupported] });
    const { db, repo } = this.deps;
    const args = [
      session.user.id,
      session.tokenId,
      input.device_id,
      sub.endpoint,
      JSON.stringify(sub),
      this.now().toISOString(),
    ] as const;
    // The subscription ends with the session (the foreign key cascades); an endpoint seen before
    // moves to it (one browser, one owner). Each statement its own transaction: a unique
    // violation ends a PostgreSQL transaction, and the update after it must still run.
    const update = () => transact(db, (trx) => repo.updateSubscription(...args, trx));
    if (await update()) return;
    try {
      await transact(db, (trx) => repo.insertSubscription(...args, trx));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await update(); // registered at the same moment by another request
    }
  }

  /** Whether a member gets this team's pushes (404 for a team one is not in). */
  async teamPush(userId: number, teamId: number) {
    await this.deps.access.viewer(userId, teamId);
    return { team_id: teamId, enabled: !(await this.deps.repo.isMuted(userId, teamId)) };
  }

  /** Turns a team's pushes on or off for a member (404 for a team one is not in). */
  async setTeamPush(userId: number, teamId: number, enabled: boolean) {
    await this.deps.access.viewer(userId, teamId);
    await transact(this.deps.db, (trx) => this.deps.repo.setMuted(userId, teamId, !enabled, trx));
    return { team_id: teamId, enabled };
  }

  /** Called by the notifier with what it just created: push now, or hold for the user's hours. */
  async delivered(items: Delivered[]): Promise<void> {
    const { repo } = this.deps;
    const subs = await repo.subscriptionsOf(
      [...new Set(items.map((i) => i.user_id))],
      liveSince(this.deps.sessionMaxAgeMs),
    );
    if (subs.length === 0) return;
    const withSubs = new Set(subs.map((s) => s.user_id));
    let wanted = items.filter((i) => withSubs.has(i.user_id));
    const muted = await repo.mutedAmong(
      wanted.flatMap((i) => (i.team_id === null ? [] : [{ user_id: i.user_id, team_id: i.team_id }])),
    );
    wanted = wanted.filter((i) => i.team_id === null || !muted.has(`${i.user_id}:${i.team_id}`));
    if (wanted.length === 0) return;
    const now = this.now();
    const hours = await repo.hoursOf([...new Set(wanted.map((i) => i.user_id))]);
    const held: { user_id: number; notification_id: number }[] = [];
    const sends: Promise<void>[] = [];
    for (const item of wanted) {
      if (!withinHours(now, hours.get(item.user_id))) {
        held.push({ user_id: item.user_id, notification_id: item.notification.id });
        continue;
      }
      const payload: PushPayload = {
        title: item.notification.data.team_name ?? 'Rally',
        body: notificationSentence(item.notification),
        url: item.notification.data.url ?? '/',
      };
      for (const sub of subs) if (sub.user_id === item.user_id) sends.push(this.send(sub, payload));
    }
    if (held.length) await transact(this.deps.db, (trx) => repo.hold(held, now.toISOString(), trx));
    await Promise.all(sends);
  }

  /**
   * Sends one summary to each user whose hours have begun and who has held pushes. Safe with
   * several processes on one database: each held row is claimed by exactly one of them.
   */
  async flushHeld(): Promise<number> {
    const { repo } = this.deps;
    const users = await repo.usersWithHeld();
    if (users.length === 0) return 0;
    const now = this.now();
    const hours = await repo.hoursOf(users);
    let sent = 0;
    for (const userId of users) {
      if (!withinHours(now, hours.get(userId))) continue;
      const ids = await transact(this.deps.db, (trx) => repo.claimHeld(userId, now.toISOString(), trx));
      if (ids.length === 0) continue; // another process took them
      const messages = (await repo.notificationsOf(ids)).map(notificationSentence);
      const payload: PushPayload =
        ids.length === 1
          ? { title: 'Rally', body: messages[0] ?? 'You have a new notification', url: '/' }
          : {
              title: 'Rally',
              body: `You have ${ids.length} new notifications. Latest: ${messages[0] ?? ''}`.trim(),
              url: '/',
            };
      const subs = await repo.subscriptionsOf([userId], liveSince(this.deps.sessionMaxAgeMs));
      await Promise.all(subs.map((s) => this.send(s, payload)));
      sent++;
    }
    return sent;
  }

  /** Deletes the subscriptions of sessions idle past their life (deleted sessions cascade already). */
  pruneEnded(): Promise<number> {
    return transact(this.deps.db, (trx) =>
      this.deps.repo.deleteOfEndedSessions(liveSince(this.deps.sessionMaxAgeMs), trx),
    );
  }

  private async send(sub: { id: number; subscription: string }, payload: PushPayload): Promise<void> {
    const { vapid, agent, log, repo } = this.deps;
    try {
      await webpush.sendNotification(JSON.parse(sub.subscription) as Subscription, JSON.stringify(payload), {
        vapidDetails: vapid,
        TTL: 24 * 60 * 60,
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await transact(this.deps.db, (trx) => repo.deleteSubscription(sub.id, trx));
      else log.warn({ err, status }, 'push failed');
    }
  }
}

/**
 * Held pushes go out every minute, and the subscriptions of sessions that ended by idling (never
 * sent to anyway) are deleted every minute too.
 */
export function registerPushJobs(scheduler: Scheduler, push: PushService): void {
  scheduler.every('push.flush-held', MINUTE, () => push.flushHeld(), { didWork: 'held pushes sent as summaries' });
  scheduler.every('push.prune-ended', MINUTE, () => push.pruneEnded(), {
    didWork: 'ended push subscriptions pruned',
  });
}
