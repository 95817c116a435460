import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { compileOnce, compileOnceIn } from '../../db/compile-once.js';
import { dialectOf, jsonArrayFrom, type DialectName } from '../../db/dialect.js';
import type { Database, Executor, PostRow, PostsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { Insertable, Updateable } from 'kysely';
import type {
  EngagementCount,
  EngagementCounter,
  EngagementRepository,
  EngagementRow,
} from '../engagement/repository.js';
import { portfolioActivity } from '../portfolio/rollups.js';
import { mediaColumns, type StoredMedia } from '../uploads/media-view.js';
import type { ViewerPart } from './timeline-cache.js';

/** A post with everything its card shows, as the viewer sees it (JSON columns are text on SQLite). */
export interface PostView extends PostRow, EngagementRow, Omit<StoredMedia, 'media_key'> {
  author_first_name: string;
  author_last_name: string;
  author_avatar: string | null;
  team_name: string;
  original_first_name: string | null;
  original_last_name: string | null;
  original_avatar: string | null;
  original_team_name: string | null;
  tags: { id: number; first_name: string; last_name: string }[] | string;
}

/** A post of any module; `created_at` is now unless the module keeps its own clock. */
export type NewPost = Omit<Insertable<PostsTable>, 'created_at'> & { created_at?: string };

/**
 * Writes a post, whichever module's it is (check-ins, topics, team videos and slideshows, the
 * watercooler, a team's welcome message, this module's own): the only insert into `posts`. In
 * the same transaction it counts the post in `team_post_counts`, which this module keeps, and
 * tells the portfolio's rollups (ADR 0038). Another module calls this with its own transaction.
 */
export async function insertPost(ex: Executor, post: NewPost, tagIds: readonly number[] = []): Promise<number> {
  const created_at = post.created_at ?? nowIso();
  const row = await ex
    .insertInto('posts')
    .values({ ...post, created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tagIds.length)
    await ex
      .insertInto('post_tags')
      .values(tagIds.map((user_id) => ({ post_id: row.id, user_id })))
      .execute();
  await countPost(ex, post.team_id, post.type_id);
  await portfolioActivity.posted(ex, { ...post, created_at });
  return row.id;
}

// The counts' statements, compiled once (ADR 0009): a post's write runs them every time.
const countPost = compileOnceIn((ex: Kysely<Database>, teamId: number, typeId: number) =>
  ex
    .insertInto('team_post_counts')
    .values({ team_id: teamId, type_id: typeId, posts_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['team_id', 'type_id'])
        .doUpdateSet((eb) => ({ posts_count: eb('team_post_counts.posts_count', '+', 1) })),
    ),
);
const uncountPost = compileOnceIn((ex: Kysely<Database>, teamId: number, typeId: number) =>
  ex
    .updateTable('team_post_counts')
    .set((eb) => ({ posts_count: eb('posts_count', '-', 1) }))
    .where('team_id', '=', teamId)
    .where('type_id', '=', typeId),
);

/** The engagement mechanism's counts of a post (ADR 0012), kept here as the table's owner (ADR 0038). */
const engagementCount = (count: EngagementCount) =>
  compileOnceIn((ex: Kysely<Database>, postId: number, by: number) =>
    ex
      .updateTable('posts')
      .set((eb) => ({ [count]: eb(count, '+', by) }))
      .where('id', '=', postId)
      .returning('team_id'),
  );
const POST_ENGAGEMENT = {
  buzzes_count: engagementCount('buzzes_count'),
  expressions_count: engagementCount('expressions_count'),
};

/** A post's reaction or comment count moved by one, for a reaction or comment in `ex`'s transaction; its team. */
export const countPostEngagement: EngagementCounter = async (ex, postId, count, by) => {
  const [row] = await POST_ENGAGEMENT[count](ex, postId, by);
  if (!row) throw new Error(`countPostEngagement: no post ${postId}`);
  return row.team_id;
};

/**
 * Rewrites what a post says, in `ex`'s transaction: its text and what its type stores beside it
 * (`extra`, JSON text), each only when given. For the modules whose posts carry their own
 * content (a check-in's id and mood, a topic's words and day, a prompt's state): the only update
 * of a post's content outside this module.
 */
export async function updatePostContent(
  ex: Executor,
  postId: number,
  values: Pick<Updateable<PostsTable>, 'text' | 'extra'>,
): Promise<void> {
  await ex.updateTable('posts').set(values).where('id', '=', postId).execute();
}

/**
 * Deletes a post (its tags, reactions, comments and a prompt's answers go by the foreign keys'
 * cascade) and uncounts it, in `ex`'s transaction: the only delete from `posts` but a team's purge,
 * whose cascade takes the team's counts with it.
 */
export async function deletePost(ex: Executor, postId: number): Promise<void> {
  const gone = await ex
    .deleteFrom('posts')
    .where('id', '=', postId)
    .returning(['team_id', 'type_id'])
    .executeTakeFirst();
  if (gone) await uncountPost(ex, gone.team_id, gone.type_id);
}

/** Membership, the timeline's version and, when asked, the viewer's part of a page (`PostsRepository.timelineState`). */
export interface TimelineState {
  member: boolean;
  version: number;
  viewer: ViewerPart | undefined;
}

interface TimelineStateRow {
  member: number | boolean;
  version: number | string | null;
  /** `post:buzz,…` */
  buzzes?: string | null;
  /** `post,…` */
  expressed?: string | null;
  /** `post,…`: team videos and slideshows the viewer answered. */
  responded?: string | null;
}

// Parameters: team, viewer, team (SQLite's `?` are positional).
const MEMBER_AND_VERSION = (p: (i: number) => string) =>
  `select exists (select 1 from team_members where team_id = ${p(1)} and user_id = ${p(2)}) as member,
  (select version from team_timeline_versions where team_id = ${p(3)}) as version`;
const pg = (i: number) => `$${i}`;
const q = () => '?';
const STATE_PG = MEMBER_AND_VERSION(pg);
const STATE_SQLITE = MEMBER_AND_VERSION(q);
// Then ids, viewer, ids, viewer: an array on PostgreSQL.
const STATE_AND_VIEWER_PG = `${STATE_PG},
  (select string_agg(post_id || ':' || buzz_type_id, ',') from reactions
    where post_id = any($4::int[]) and user_id = $5) as buzzes,
  (select string_agg(distinct post_id::text, ',') from comments
    where post_id = any($6::int[]) and user_id = $7) as expressed,
  (select string_agg(distinct p.post_id::text, ',') from prompts p
    join prompt_responses r on r.prompt_id = p.id and r.user_id = $9 and r.position = 0
    where p.post_id = any($8::int[])) as responded`;
/** SQLite: an `in` list of a fixed length per page size (padded with 0, no post's id), one statement each. */
const stateAndViewerSqlite = (length: number) => {
  const list = Array.from({ length }, q).join(', ');
  return `${STATE_SQLITE},
  (select group_concat(post_id || ':' || buzz_type_id) from reactions
    where post_id in (${list}) and user_id = ?) as buzzes,
  (select group_concat(distinct post_id) from comments
    where post_id in (${list}) and user_id = ?) as expressed,
  (select group_concat(distinct p.post_id) from prompts p
    join prompt_responses r on r.prompt_id = p.id and r.user_id = ? and r.position = 0
    where p.post_id in (${list})) as responded`;
};
const sqliteStatements = new Map<number, string>();

/** Posts of the timelines and the dashboard: the only code that touches `posts` and `post_tags`. */
export class PostsRepository {
  private readonly dialect: DialectName;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engagement: EngagementRepository,
  ) {
    this.dialect = dialectOf(db);
  }

  /**
   * A page of a team's timeline, newest first: one query, whatever the page holds. Every list of
   * posts is in the time each post appeared (`created_at`, then `id` for posts of one instant),
   * not in insertion order: a post stamped earlier than one inserted before it (a module's own
   * clock, the demo's past) takes its place by time. Pages are ranges of that total order (by
   * offset, spec §7's page numbers), so consecutive pages neither skip nor repeat a post; the
   * indexes `posts_team_created` and `posts_team_type_created` (migration 2026112811) serve them.
   */
  readonly teamPage = compileOnce(
    () => this.db,
    (viewerId: number, teamId: number, limit: number, offset: number) =>
      this.viewsOf(
        viewerId,
        this.db
          .selectFrom('posts')
          .select('id')
          .where('team_id', '=', teamId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset),
      ),
  );

  /** A page of one post type of a team's timeline (wall of fame, bright ideas). */
  readonly teamTypePage = compileOnce(
    () => this.db,
    (viewerId: number, teamId: number, typeId: number, limit: number, offset: number) =>
      this.viewsOf(
        viewerId,
        this.db
          .selectFrom('posts')
          .select('id')
          .where('team_id', '=', teamId)
          .where('type_id', '=', typeId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset),
      ),
  );

  /** A page of the dashboard: the posts of every team the viewer belongs to. */
  readonly dashboardPage = compileOnce(
    () => this.db,
    (viewerId: number, memberId: number, limit: number, offset: number) =>
      this.viewsOf(
        viewerId,
        this.db
          .selectFrom('posts')
          .select('id')
          .where('team_id', 'in', (eb) =>
            eb.selectFrom('team_members').select('team_id').where('user_id', '=', memberId),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset),
      ),
  );

  /**
   * What every timeline request asks, in one query: whether the viewer is a member of the team
   * and the team's timeline version (raised by triggers on every write a page shows, migration
   * 2026112505); with `postIds` (a kept page's posts, `length` at most), also the viewer's own
   * part of them: their reaction on each, which they commented on and which team videos and
   * slideshows they answered. Index lookups only.
   */
  async timelineState(
    teamId: number,
    viewerId: number,
    page?: { ids: readonly number[]; length: number },
  ): Promise<TimelineState> {
    const postgres = this.dialect === 'postgres';
    let query: CompiledQuery;
    if (!page) query = CompiledQuery.raw(postgres ? STATE_PG : STATE_SQLITE, [teamId, viewerId, teamId]);
    else if (postgres)
      query = CompiledQuery.raw(STATE_AND_VIEWER_PG, [
        teamId,
        viewerId,
        teamId,
        page.ids,
        viewerId,
        page.ids,
        viewerId,
        page.ids,
        viewerId,
      ]);
    else {
      const length = Math.max(page.length, page.ids.length, 1);
      let text = sqliteStatements.get(length);
      if (!text) sqliteStatements.set(length, (text = stateAndViewerSqlite(length)));
      const list: number[] = [...page.ids];
      while (list.length < length) list.push(0);
      query = CompiledQuery.raw(text, [
        teamId,
        viewerId,
        teamId,
        ...list,
        viewerId,
        ...list,
        viewerId,
        viewerId,
        ...list,
      ]);
    }
    const { rows } = await this.db.executeQuery<TimelineStateRow>(query);
    const row = rows[0];
    let viewer: ViewerPart | undefined;
    if (page) {
      const buzzes = new Map<number, number>();
      const expressed = new Set<number>();
      if (row?.buzzes)
        for (const pair of row.buzzes.split(',')) {
          const colon = pair.indexOf(':');
          buzzes.set(Number(pair.slice(0, colon)), Number(pair.slice(colon + 1)));
        }
      if (row?.expressed) for (const id of row.expressed.split(',')) expressed.add(Number(id));
      const responded = new Set<number>();
      if (row?.responded) for (const id of row.responded.split(',')) responded.add(Number(id));
      viewer = { buzzes, expressed, responded };
    }
    return { member: Boolean(Number(row?.member ?? 0)), version: Number(row?.version ?? 0), viewer };
  }

  /** The team's posts (of one type): the kept counts (`insertPost`), a few rows whatever the team's size. */
  async countInTeam(teamId: number, typeId?: number): Promise<number> {
    const [row] = typeId === undefined ? await this.teamCount(teamId) : await this.teamTypeCount(teamId, typeId);
    return Number(row?.n ?? 0);
  }

  private readonly teamCount = compileOnce(
    () => this.db,
    (teamId: number) =>
      this.db
        .selectFrom('team_post_counts')
        .select((eb) => eb.fn.sum<number>('posts_count').as('n'))
        .where('team_id', '=', teamId),
  );
  private readonly teamTypeCount = compileOnce(
    () => this.db,
    (teamId: number, typeId: number) =>
      this.db
        .selectFrom('team_post_counts')
        .select('posts_count as n')
        .where('team_id', '=', teamId)
        .where('type_id', '=', typeId),
  );

  /** The posts of every team the user belongs to. */
  async countForMember(userId: number): Promise<number> {
    const [row] = await this.memberCount(userId);
    return Number(row?.n ?? 0);
  }

  private readonly memberCount = compileOnce(
    () => this.db,
    (userId: number) =>
      this.db
        .selectFrom('team_post_counts as c')
        .innerJoin('team_members as m', 'm.team_id', 'c.team_id')
        .select((eb) => eb.fn.sum<number>('c.posts_count').as('n'))
        .where('m.user_id', '=', userId),
  );

  /** One post with everything its card shows; `ex` may be the transaction that wrote it. */
  async view(viewerId: number, postId: number, ex: Executor = this.db): Promise<PostView | undefined> {
    const [row] = await this.viewsOf(
      viewerId,
      ex.selectFrom('posts').select('id').where('id', '=', postId),
      ex,
    ).execute();
    return row;
  }

  /** The post in that team, for the rules (404 when it is not there). */
  find(teamId: number, postId: number, ex: Executor = this.db): Promise<PostRow | undefined> {
    return ex.selectFrom('posts').selectAll().where('id', '=', postId).where('team_id', '=', teamId).executeTakeFirst();
  }

  insert(ex: Executor, post: NewPost, tagIds: readonly number[] = []): Promise<number> {
    return insertPost(ex, post, tagIds);
  }

  /** Replaces what a post type stores beside its text (a prompt's topic, id and publishing state). */
  setExtra(ex: Executor, postId: number, extra: Record<string, unknown>): Promise<void> {
    return updatePostContent(ex, postId, { extra: JSON.stringify(extra) });
  }

  delete(ex: Executor, postId: number): Promise<void> {
    return deletePost(ex, postId);
  }

  /** The post of the team whose own file is `key` (a video or audio post), if any. */
  async withMedia(key: string, teamId: number, ex: Executor = this.db): Promise<number | undefined> {
    const row = await ex
      .selectFrom('posts')
      .select('id')
      .where('media_key', '=', key)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Raises, as part of `ex`, the timeline version of the team and of every team with a post of
   * file `key` (a shared copy shows the same file): their cached pages are read afresh (ADR 0015).
   * For what the triggers do not see: a file's conversion ending (ADR 0027).
   */
  async raiseTimelinesShowing(ex: Executor, teamId: number, key: string): Promise<void> {
    await ex
      .updateTable('team_timeline_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where((eb) =>
        eb.or([
          eb('team_id', '=', teamId),
          eb('team_id', 'in', eb.selectFrom('posts').select('team_id').where('media_key', '=', key)),
        ]),
      )
      .execute();
  }

  /** Whether any post or comment still uses the upload key (shared posts reuse their original's file). */
  async keyInUse(key: string, ex: Executor = this.db): Promise<boolean> {
    const row = await ex
      .selectFrom('posts')
      .select('id')
      .where('media_key', '=', key)
      .unionAll(ex.selectFrom('comments').select('id').where('media_key', '=', key))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The posts whose ids `ids` selects (with its own order and limit), joined to what their cards
   * show. The page is cut first, so the footers' subqueries run for its rows only, never for the
   * rows an offset skips.
   */
  private viewsOf(
    viewerId: number,
    ids: SelectQueryBuilder<Database, 'posts', { id: number }>,
    ex: Executor = this.db,
  ) {
    return (
      ex
        .selectFrom(ids.as('page'))
        .innerJoin('posts as p', 'p.id', 'page.id')
        .innerJoin('users as a', 'a.id', 'p.user_id')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .leftJoin('users as ou', 'ou.id', 'p.original_user_id')
        // A deleted origin is not named (ADR 0019), as if already erased.
        .leftJoin('teams as ot', (j) => j.onRef('ot.id', '=', 'p.original_team_id').on('ot.deleted_at', 'is', null))
        // The attachment's state, converted file and poster (issue 22), by its unique key.
        .leftJoin('uploads as mu', 'mu.key', 'p.media_key')
        .selectAll('p')
        .select(mediaColumns('mu'))
        .select([
          'a.first_name as author_first_name',
          'a.last_name as author_last_name',
          'a.avatar as author_avatar',
          't.name as team_name',
          'ou.first_name as original_first_name',
          'ou.last_name as original_last_name',
          'ou.avatar as original_avatar',
          'ot.name as original_team_name',
        ])
        .select((eb) => [
          ...this.engagement.columnsFor(eb, 'post', 'p.id', viewerId),
          jsonArrayFrom(
            this.dialect,
            this.db
              .selectFrom('post_tags as pt')
              .innerJoin('users as tu', 'tu.id', 'pt.user_id')
              .select(['tu.id', 'tu.first_name', 'tu.last_name'])
              .where('pt.post_id', '=', sql.ref<number>('p.id'))
              .orderBy('tu.id'),
          ).as('tags'),
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc') as unknown as SelectQueryBuilder<Database, never, PostView>
    );
  }
}
