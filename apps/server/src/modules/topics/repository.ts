import { PostType } from '@rally/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor, TopicsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { EngagementRepository, EngagementRow } from '../engagement/repository.js';
import { insertPost, updatePostContent } from '../posts/repository.js';

export type TopicRow = Selectable<TopicsTable>;

/** A topic with its author and, once published, its post's reactions and comments as the viewer sees them. */
export interface TopicView extends TopicRow, EngagementRow {
  author_first_name: string;
  author_last_name: string;
  author_avatar: string | null;
}

/** Topics and their `topic` posts: the only code that touches `topics`. */
export class TopicsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engagement: EngagementRepository,
  ) {}

  /** The published topic of the team on `day`, if any. */
  ofDay(viewerId: number, teamId: number, day: string): Promise<TopicView | undefined> {
    return this.views(viewerId)
      .where('t.team_id', '=', teamId)
      .where('t.publish_date', '=', day)
      .where('t.published_at', 'is not', null)
      .executeTakeFirst();
  }

  view(viewerId: number, topicId: number): Promise<TopicView | undefined> {
    return this.views(viewerId).where('t.id', '=', topicId).executeTakeFirst();
  }

  /** The team's topics waiting for their day, soonest first. */
  scheduled(viewerId: number, teamId: number): Promise<TopicView[]> {
    return this.views(viewerId)
      .where('t.team_id', '=', teamId)
      .where('t.published_at', 'is', null)
      .orderBy('t.publish_date')
      .execute();
  }

  find(teamId: number, topicId: number): Promise<TopicRow | undefined> {
    return this.db
      .selectFrom('topics')
      .selectAll()
      .where('id', '=', topicId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  async insert(ex: Executor, values: { team_id: number; user_id: number; content: string; publish_date: string }) {
    const now = nowIso();
    const row = await ex
      .insertInto('topics')
      .values({ ...values, published_at: null, post_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(ex: Executor, topicId: number, values: { content: string; publish_date: string }): Promise<void> {
    await ex
      .updateTable('topics')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', topicId)
      .execute();
  }

  /** Ids of topics whose day has come and that nobody has published yet. */
  async dueIds(day: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('topics')
      .select('id')
      .where('published_at', 'is', null)
      .where('publish_date', '<=', day)
      // A deleted engagement publishes nothing (ADR 0019); a restored one catches up.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('teams')
              .select('teams.id')
              .whereRef('teams.id', '=', 'topics.team_id')
              .where('teams.deleted_at', 'is not', null),
          ),
        ),
      )
      .orderBy('publish_date')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Claims the topic for publishing: one UPDATE … WHERE published_at IS NULL. Under PostgreSQL a
   * second process's UPDATE waits for the first's transaction and then finds the row taken, so
   * exactly one claim returns the row; SQLite runs one writer at a time.
   */
  claim(ex: Executor, topicId: number, at: string): Promise<TopicRow | undefined> {
    return ex
      .updateTable('topics')
      .set({ published_at: at })
      .where('id', '=', topicId)
      .where('published_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Writes the topic's `topic` post through the posts module's `insertPost` (which counts it,
   * ADR 0038) and links it. The post carries the topic and its day.
   */
  async insertPost(ex: Executor, topic: TopicRow, at: string): Promise<number> {
    const postId = await insertPost(ex, {
      team_id: topic.team_id,
      user_id: topic.user_id,
      type_id: PostType.topic,
      text: topic.content,
      extra: postExtra(topic),
      created_at: at,
    });
    await ex.updateTable('topics').set({ post_id: postId }).where('id', '=', topic.id).execute();
    return postId;
  }

  /** An edited topic's post says what the topic now says (written by the posts module's `updatePostContent`). */
  async updatePost(ex: Executor, topic: TopicRow): Promise<void> {
    if (topic.post_id === null) return;
    await updatePostContent(ex, topic.post_id, { text: topic.content, extra: postExtra(topic) });
  }

  private views(viewerId: number) {
    return this.db
      .selectFrom('topics as t')
      .innerJoin('users as a', 'a.id', 't.user_id')
      .leftJoin('posts as p', 'p.id', 't.post_id')
      .selectAll('t')
      .select((eb) => [
        'a.first_name as author_first_name',
        'a.last_name as author_last_name',
        'a.avatar as author_avatar',
        eb.fn.coalesce('p.buzzes_count', eb.lit(0)).as('buzzes_count'),
        eb.fn.coalesce('p.expressions_count', eb.lit(0)).as('expressions_count'),
        ...this.engagement.columnsFor(eb, 'post', 'p.id', viewerId),
      ])
      .$castTo<TopicView>();
  }
}

/** What the `topic` post adds to its text: the topic and the day it is the topic of. */
const postExtra = (topic: TopicRow) =>
  JSON.stringify({ topic: topic.content, published: true, published_at: topic.publish_date });
