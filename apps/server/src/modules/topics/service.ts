import { TopicMessages, type TopicData, type TopicDto } from '@rally/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { notFound, validation } from '../../http/errors.js';
import type { UrlOf } from '../engagement/presenter.js';
import type { TeamAccess } from '../members/team-access.js';
import { recordEvent, transact } from '../../events/log.js';
import { presentPost } from '../posts/presenter.js';
import type { PostsRepository } from '../posts/repository.js';
import { presentTopic } from './presenter.js';
import type { TopicRow, TopicsRepository } from './repository.js';

export interface TopicsDeps {
  db: Kysely<Database>;
  repo: TopicsRepository;
  /** Reads a new or edited `topic` post as a timeline card, for the live event. */
  posts: Pick<PostsRepository, 'view'>;
  access: TeamAccess;
  urlOf: UrlOf;
  now?: () => Date;
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD' (ADR 0016). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The Inspiration topic (spec §2, §7 Topic): everyone in the team reads the topic of the day;
 * roles 2 and 3 (`topic.edit`) write it, for today or ahead. Publishing a topic makes it its
 * day's topic and a `topic` post; it happens once, whoever (request or job, any process) gets
 * there first.
 */
export class TopicsService {
  private readonly now: () => Date;
  constructor(private readonly deps: TopicsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** GET topic-of-day: today's published topic, or null. */
  async topicOfDay(userId: number, teamId: number): Promise<TopicDto | null> {
    await this.deps.access.viewer(userId, teamId);
    const row = await this.deps.repo.ofDay(userId, teamId, dayOf(this.now()));
    return row ? presentTopic(row, this.deps.urlOf) : null;
  }

  /** The topics written ahead, soonest first (the writers' list). */
  async scheduled(userId: number, teamId: number): Promise<TopicDto[]> {
    await this.deps.access.require(userId, teamId, 'topic.edit');
    const rows = await this.deps.repo.scheduled(userId, teamId);
    return rows.map((r) => presentTopic(r, this.deps.urlOf));
  }

  /** POST topic: for today (published at once) or a later day (the job publishes it then). */
  async create(userId: number, teamId: number, input: TopicData): Promise<TopicDto> {
    await this.deps.access.require(userId, teamId, 'topic.edit');
    const day = this.dayOf(input.publish_date);
    const id = await this.taken(() =>
      transact(this.deps.db, (trx) =>
        this.deps.repo.insert(trx, {
          team_id: teamId,
          user_id: userId,
          content: input.content,
          publish_date: day,
        }),
      ),
    );
    if (day === dayOf(this.now())) await this.publish(id);
    return this.view(userId, id);
  }

  /** PUT topic/{id}: new words; a topic not yet published may also move to another (not past) day. */
  async update(userId: number, teamId: number, topicId: number, input: TopicData): Promise<TopicDto> {
    const { db, repo } = this.deps;
    await this.deps.access.require(userId, teamId, 'topic.edit');
    const topic = await repo.find(teamId, topicId);
    if (!topic) throw notFound();
    let day = topic.publish_date;
    if (input.publish_date && input.publish_date !== topic.publish_date) {
      if (topic.published_at !== null) throw validation({ publish_date: [TopicMessages.publishedDateFixed] });
      day = this.dayOf(input.publish_date);
    }
    await this.taken(() =>
      transact(db, async (trx) => {
        await repo.update(trx, topicId, { content: input.content, publish_date: day });
        await repo.updatePost(trx, { ...topic, content: input.content, publish_date: day });
        if (topic.published_at !== null) {
          await this.announceEdit(userId, topic, trx);
          // The team's cards show its latest published topic's words.
          await recordEvent(trx, { type: 'team.updated', team_id: teamId, actor_id: userId });
        }
      }),
    );
    // Moved to today: published now.
    if (topic.published_at === null && day === dayOf(this.now())) await this.publish(topicId);
    return this.view(userId, topicId);
  }

  /** The scheduled job: publishes every topic whose day has come; how many this process published. */
  async publishDue(at: Date = this.now()): Promise<number> {
    let published = 0;
    for (const id of await this.deps.repo.dueIds(dayOf(at))) if (await this.publish(id, at)) published++;
    return published;
  }

  /**
   * Claims and publishes one topic: the claim, its post and the link are one transaction, so a
   * topic is published exactly once, with its post, or not at all. Then live and notified.
   */
  private async publish(topicId: number, at: Date = this.now()): Promise<TopicRow | undefined> {
    const { db, repo, posts, urlOf } = this.deps;
    const stamp = at.toISOString();
    return transact(db, async (trx) => {
      const topic = await repo.claim(trx, topicId, stamp);
      if (!topic) return undefined;
      const postId = await repo.insertPost(trx, topic, stamp);
      const post = presentPost((await posts.view(topic.user_id, postId, trx))!, urlOf);
      await recordEvent(trx, { type: 'topic.published', team_id: topic.team_id, actor_id: topic.user_id, post });
      return topic;
    });
  }

  /** Open timelines and topic cards show a published topic's new words without a reload. */
  private async announceEdit(userId: number, topic: TopicRow, trx: Transaction<Database>): Promise<void> {
    if (topic.post_id === null) return;
    const row = await this.deps.posts.view(userId, topic.post_id, trx);
    if (!row) return;
    // One event for every member: the editor's own reaction is theirs, not the team's.
    const post = { ...presentPost(row, this.deps.urlOf), buzz_type_id: null, user_expressed: false };
    await recordEvent(trx, { type: 'post.updated', team_id: topic.team_id, post });
  }

  private async view(userId: number, topicId: number): Promise<TopicDto> {
    const row = await this.deps.repo.view(userId, topicId);
    if (!row) throw notFound();
    return presentTopic(row, this.deps.urlOf);
  }

  /** The day asked for (today when none), refused when it is already over. */
  private dayOf(wanted: string | null | undefined): string {
    const today = dayOf(this.now());
    if (!wanted) return today;
    if (wanted < today) throw validation({ publish_date: [TopicMessages.publishDatePast] });
    return wanted;
  }

  /** A second topic for a team's day is refused with a message, not a 500. */
  private async taken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw validation({ publish_date: [TopicMessages.publishDateTaken] });
      throw err;
    }
  }
}
