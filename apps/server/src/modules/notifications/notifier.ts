import {
  Role,
  attentionCauseId,
  type AttentionCause,
  type NotificationDto,
  type NotificationKind,
} from '@rally/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import { nowIso } from '../../lib/clock.js';
import { presentNotification, type StoredData } from './presenter.js';
import type { NotificationsRepository } from './repository.js';

/** A new notification on its way to one user (for push). */
export interface Delivered {
  user_id: number;
  team_id: number | null;
  notification: NotificationDto;
}

/** What happens to a notification after it is stored and sent live (Web Push). */
export interface NotificationSink {
  delivered(items: Delivered[]): Promise<void>;
}

export interface NotifierDeps {
  /** The database the notifications are stored in (their transaction is opened here). */
  db: Kysely<Database>;
  repo: NotificationsRepository;
  sink?: NotificationSink | undefined;
}

/** The web app's pages a notification opens (apps/web/src/config/paths.ts). */
const urls = {
  home: '/',
  team: (teamId: number) => `/engagements/${teamId}/timeline`,
  members: (teamId: number) => `/engagements/${teamId}/info`,
  portfolio: '/portfolio',
};

interface Fanout {
  kind: NotificationKind;
  actorId: number;
  /** The team it happened in: recipients must be its members when it is stored. */
  teamId: number;
  subject: number | null;
  recipients: number[] | ((repo: NotificationsRepository) => Promise<number[]>);
  url: string;
  /** member.role_changed: the role given (the sentence names it). */
  roleId?: number;
  /** Recipients need not be members (an invitation goes to someone outside the team). */
  outsiders?: boolean;
  /** Told of something about themselves, not of what another did (the actor is the recipient). */
  toActor?: boolean;
  /** Skip a recipient who has the same one (kind, actor, subject) unread already. */
  once?: boolean;
}

/**
 * Stores notifications of what happens in teams and sends them live to their recipients. The
 * event log's notifications consumer calls it (consumer.ts), a job of the work queue run after
 * the write has committed, so it never delays or fails a request. Never to
 * the actor (unless it is about them alone, `toActor`); only to people who are members of the team
 * when the notification is created (checked then, in one query).
 */
export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  invitationReceived(actorId: number, teamId: number, emails: string[]): Promise<void> {
    return this.fanout({
      kind: 'invitation.received',
      actorId,
      teamId,
      subject: teamId,
      recipients: (repo) => repo.usersByEmail(emails),
      url: urls.home,
      outsiders: true,
    });
  }

  invitationAccepted(actorId: number, teamId: number, inviterId: number): Promise<void> {
    return this.fanout({
      kind: 'invitation.accepted',
      actorId,
      teamId,
      subject: teamId,
      recipients: [inviterId],
      url: urls.members(teamId),
    });
  }

  memberJoined(actorId: number, teamId: number, except: number[] = []): Promise<void> {
    return this.fanout({
      kind: 'member.joined',
      actorId,
      teamId,
      subject: teamId,
      recipients: async (repo) =>
        (await repo.membersOf(teamId, [Role.Owner, Role.Admin])).filter((id) => !except.includes(id)),
      url: urls.members(teamId),
    });
  }

  roleChanged(actorId: number, teamId: number, memberId: number, roleId: number): Promise<void> {
    return this.fanout({
      kind: 'member.role_changed',
      actorId,
      teamId,
      subject: teamId,
      recipients: [memberId],
      roleId,
      url: urls.team(teamId),
    });
  }

  reacted(actorId: number, teamId: number, postId: number): Promise<void> {
    return this.aboutPost('post.reaction', actorId, teamId, postId);
  }

  commented(actorId: number, teamId: number, postId: number): Promise<void> {
    return this.aboutPost('post.comment', actorId, teamId, postId);
  }

  /** A post shared into other teams: its original author hears of it, if still in the original team. */
  async shared(actorId: number, originalAuthorId: number, originalTeamId: number, toTeamIds: number[]): Promise<void> {
    for (const to of toTeamIds)
      await this.fanout({
        kind: 'post.shared',
        actorId,
        teamId: originalTeamId,
        subject: to,
        recipients: [originalAuthorId],
        url: urls.team(to),
      });
  }

  /** A new post: the tagged members are told they were tagged, everyone else of the team that it exists. */
  async postCreated(actorId: number, teamId: number, postId: number, tagged: number[]): Promise<void> {
    if (tagged.length)
      await this.fanout({
        kind: 'post.tagged',
        actorId,
        teamId,
        subject: postId,
        recipients: tagged,
        url: urls.team(teamId),
      });
    await this.fanout({
      kind: 'post.created',
      actorId,
      teamId,
      subject: postId,
      recipients: async (repo) => (await repo.membersOf(teamId)).filter((id) => !tagged.includes(id)),
      url: urls.team(teamId),
    });
  }

  /** A lead asked for a check-in: every other member is asked for their mood. */
  checkinRequested(actorId: number, teamId: number, postId: number): Promise<void> {
    return this.fanout({
      kind: 'checkin.requested',
      actorId,
      teamId,
      subject: postId,
      recipients: (repo) => repo.membersOf(teamId),
      url: urls.team(teamId),
    });
  }

  /** A member answered a check-in: its initiator hears of it (private answers included, they are theirs). */
  checkinAnswered(actorId: number, teamId: number, checkinId: number, initiatorId: number): Promise<void> {
    return this.fanout({
      kind: 'checkin.answered',
      actorId,
      teamId,
      subject: checkinId,
      recipients: [initiatorId],
      url: urls.team(teamId),
    });
  }

  /** A topic became its day's topic (written now or ahead): every other member of the team hears of it. */
  topicPublished(actorId: number, teamId: number, postId: number): Promise<void> {
    return this.fanout({
      kind: 'topic.published',
      actorId,
      teamId,
      subject: postId,
      recipients: (repo) => repo.membersOf(teamId),
      url: urls.team(teamId),
    });
  }

  /** A member answered a team video or slideshow: the one who asked hears of it. */
  promptResponded(actorId: number, teamId: number, postId: number, ownerId: number): Promise<void> {
    return this.fanout({
      kind: 'prompt.responded',
      actorId,
      teamId,
      subject: postId,
      recipients: [ownerId],
      url: urls.team(teamId),
    });
  }

  /** The answers of a team video or slideshow were published: every other member hears of it. */
  promptPublished(actorId: number, teamId: number, postId: number): Promise<void> {
    return this.fanout({
      kind: 'prompt.published',
      actorId,
      teamId,
      subject: postId,
      recipients: (repo) => repo.membersOf(teamId),
      url: urls.team(teamId),
    });
  }

  /** The one who asked reminded a member who has not answered (once a day, checked by the prompts module). */
  promptReminder(actorId: number, teamId: number, postId: number, memberId: number): Promise<void> {
    return this.fanout({
      kind: 'prompt.reminder',
      actorId,
      teamId,
      subject: postId,
      recipients: [memberId],
      url: urls.team(teamId),
    });
  }

  /** Members tagged on a new task; `subject` is the list, so a list counts its unread ones. */
  async taskTagged(actorId: number, teamId: number, listId: number, tagged: number[]): Promise<void> {
    if (tagged.length)
      await this.fanout({
        kind: 'task.tagged',
        actorId,
        teamId,
        subject: listId,
        recipients: tagged,
        url: `/engagements/${teamId}/todo/${listId}/list-task`,
      });
  }

  /** A task was marked as done: its creator and the members it tags hear of it. */
  taskCompleted(actorId: number, teamId: number, listId: number, recipients: number[]): Promise<void> {
    return this.fanout({
      kind: 'task.completed',
      actorId,
      teamId,
      subject: listId,
      recipients,
      url: `/engagements/${teamId}/todo/${listId}/list-task`,
    });
  }

  /** A team the coach leads became flagged for `cause` (the portfolio's attention job tells each cause once). */
  teamNeedsAttention(coachId: number, teamId: number, cause: AttentionCause): Promise<void> {
    return this.fanout({
      kind: 'team.needs_attention',
      actorId: coachId,
      teamId,
      subject: attentionCauseId(cause),
      recipients: [coachId],
      url: urls.portfolio,
      toActor: true,
    });
  }

  private aboutPost(kind: NotificationKind, actorId: number, teamId: number, postId: number): Promise<void> {
    return this.fanout({
      kind,
      actorId,
      teamId,
      subject: postId,
      recipients: async (repo) => {
        const post = await repo.postAuthor(postId);
        return post ? [post.user_id] : [];
      },
      url: urls.team(teamId),
      once: kind === 'post.reaction',
    });
  }

  /** Fan-outs of this process, one at a time in the order they came (no repeat slips between check and insert). */
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs the fan-out after those before it; resolves when it is done (the event log's consumer waits, in event order). */
  private fanout(f: Fanout): Promise<void> {
    const run = this.tail.then(() => this.create(f));
    this.tail = run.catch(() => undefined);
    return run.then(() => undefined);
  }

  /** Stores, sends live and hands to push; the notifications made (for tests). */
  async create(f: Fanout): Promise<Delivered[]> {
    const { repo, sink } = this.deps;
    let ids = typeof f.recipients === 'function' ? await f.recipients(repo) : f.recipients;
    ids = [...new Set(ids)].filter((id) => f.toActor || id !== f.actorId);
    if (!f.outsiders && ids.length) ids = await repo.membersAmong(f.teamId, ids);
    if (f.once && ids.length) {
      const fresh: number[] = [];
      for (const id of ids) if (!(await repo.hasUnread(id, f.kind, f.actorId, f.subject))) fresh.push(id);
      ids = fresh;
    }
    if (ids.length === 0) return [];
    const [actor, teamName] = await Promise.all([repo.actor(f.actorId), repo.teamName(f.teamId)]);
    if (!actor) return [];
    const name = `${actor.first_name} ${actor.last_name}`.trim();
    // The facts as they are now; the sentence is built from them when presented (contract).
    const stored: StoredData = {
      actor_name: name,
      team_name: teamName,
      url: f.url,
      ...(f.roleId !== undefined ? { role_id: f.roleId } : {}),
    };
    const data = JSON.stringify(stored);
    const rows = ids.map((user_id) => ({
      user_id,
      team_id: f.teamId,
      actor_id: f.actorId,
      kind: f.kind,
      subject: f.subject,
      data,
    }));
    let delivered: Delivered[] = [];
    // Stored and announced in one transaction: the recipients' sockets hear of it through the log.
    const created_at = nowIso();
    await transact(this.deps.db, async (trx) => {
      const created = await repo.insert(rows, created_at, trx);
      delivered = rows.map((row, i) => ({
        user_id: row.user_id,
        team_id: row.team_id,
        notification: presentNotification({
          ...row,
          id: created[i]!,
          read_at: null,
          created_at,
          actor_avatar: actor.avatar,
          actor_first_name: actor.first_name,
          actor_last_name: actor.last_name,
        }),
      }));
      for (const d of delivered)
        await recordEvent(trx, {
          type: 'notification.created',
          team_id: d.team_id,
          user_id: d.user_id,
          notification: d.notification,
        });
    });
    if (sink) await sink.delivered(delivered);
    return delivered;
  }
}
