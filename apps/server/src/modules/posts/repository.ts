import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import { dialectOf, jsonArrayFrom, type DialectName } from '../../db/dialect.js';
import type { Database, Executor, PostRow, PostsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import type { Insertable } from 'kysely';
import type { EngagementRepository, EngagementRow } from '../engagement/repository.js';

/** A post with everything its card shows, as the viewer sees it (JSON columns are text on SQLite). */
export interface PostView extends PostRow, EngagementRow {
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

export type NewPost = Omit<Insertable<PostsTable>, 'created_at'>;

/** Posts of the timelines and the dashboard: the only code that touches `posts` and `post_tags`. */
export class PostsRepository {
  private readonly dialect: DialectName;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engagement: EngagementRepository,
  ) {
    this.dialect = dialectOf(db);
  }

  /** A page of a team's timeline, newest first: one query, whatever the page holds. */
  readonly teamPage = compileOnce(
    () => this.db,
    (viewerId: number, teamId: number, limit: number, offset: number) =>
      this.viewsOf(
        viewerId,
        this.db
          .selectFrom('posts')
          .select('id')
          .where('team_id', '=', teamId)
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
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset),
      ),
  );

  /** The team's posts (of one type): the trigger-kept counts, a few rows whatever the team's size. */
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

  async insert(ex: Executor, post: NewPost, tagIds: readonly number[] = []): Promise<number> {
    const row = await ex
      .insertInto('posts')
      .values({ ...post, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tagIds.length)
      await ex
        .insertInto('post_tags')
        .values(tagIds.map((user_id) => ({ post_id: row.id, user_id })))
        .execute();
    return row.id;
  }

  async delete(ex: Executor, postId: number): Promise<void> {
    await ex.deleteFrom('posts').where('id', '=', postId).execute();
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
    return ex
      .selectFrom(ids.as('page'))
      .innerJoin('posts as p', 'p.id', 'page.id')
      .innerJoin('users as a', 'a.id', 'p.user_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('users as ou', 'ou.id', 'p.original_user_id')
      .leftJoin('teams as ot', 'ot.id', 'p.original_team_id')
      .selectAll('p')
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
      .orderBy('p.id', 'desc') as unknown as SelectQueryBuilder<Database, never, PostView>;
  }
}
