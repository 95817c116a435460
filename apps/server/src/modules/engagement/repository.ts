import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { Limits, Paging } from '@rally/contract';
import { dialectOf, jsonArrayFrom, lockRows, type DialectName } from '../../db/dialect.js';
import type { Database, Executor } from '../../db/schema.js';
import { nowIso } from '../../lib/clock.js';
import { portfolioActivity } from '../portfolio/rollups.js';
import { countPostEngagement } from '../posts/repository.js';
import { countTaskEngagement } from '../todos/repository.js';
import { mediaColumns, type StoredMedia } from '../uploads/media-view.js';

/**
 * What can be reacted to and commented on, and where its reactions, comments and counts live.
 * Posts and to-do tasks: each has its column on `reactions` and `comments` and its own counts.
 */
export type SubjectKind = 'post' | 'task';
export interface Subject {
  kind: SubjectKind;
  id: number;
}
const COLUMN = { post: 'post_id', task: 'task_id' } as const;
const TABLE = { post: 'posts', task: 'todo_tasks' } as const;

/** The two counts every reactable table carries (`buzzes_count`, `expressions_count`). */
export type EngagementCount = 'buzzes_count' | 'expressions_count';
/**
 * Moves one of an object's counts by `by` in `ex`'s transaction and answers the object's team.
 * The module that owns the object's table keeps them (ADR 0038): posts and to-dos each export one.
 */
export type EngagementCounter = (ex: Executor, id: number, count: EngagementCount, by: 1 | -1) => Promise<number>;
const COUNTS: Record<SubjectKind, EngagementCounter> = { post: countPostEngagement, task: countTaskEngagement };

/** A person as a reaction or comment shows them. */
export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
}
export interface ReactionRow extends PersonRow {
  reaction_id: number;
  buzz_type_id: number;
  created_at: string;
}
export interface CommentRow extends StoredMedia {
  id: number;
  content: string | null;
  media_key: string | null;
  media_type_id: number;
  created_at: string;
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/**
 * An object's reactions and comments as the viewer sees them: the stored counts, the viewer's
 * own part, and the latest reactions and commenter. JSON columns arrive as text on SQLite.
 */
export interface EngagementRow {
  buzzes_count: number;
  expressions_count: number;
  my_buzz: number | null;
  /** 0/1 (or a boolean on PostgreSQL). */
  my_comments: number | boolean | null;
  recent_reactions: ReactionRow[] | string;
  recent_commenter: PersonRow[] | string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the outer query's tables vary
type AnyEb = ExpressionBuilder<any, any>;

/** Reactions and comments of every reactable object: the only code that touches their tables. */
export class EngagementRepository {
  private readonly dialect: DialectName;
  constructor(private readonly db: Kysely<Database>) {
    this.dialect = dialectOf(db);
  }

  /**
   * The viewer's part and the previews of the object whose id is `subjectId` (a column of the
   * outer query), as columns of that query: a page of posts and their footers is one query.
   * The counts are the object's own columns (`buzzes_count`, `expressions_count`).
   */
  columnsFor(eb: AnyEb, kind: SubjectKind, subjectId: string, viewerId: number) {
    const column = COLUMN[kind];
    const subject = sql.ref<number>(subjectId);
    return [
      eb
        .selectFrom('reactions as mine')
        .select('mine.buzz_type_id')
        .where(`mine.${column}`, '=', subject)
        .where('mine.user_id', '=', viewerId)
        .as('my_buzz'),
      eb
        .exists(
          eb
            .selectFrom('comments as my_comment')
            .select(sql.lit(1).as('one'))
            .where(`my_comment.${column}`, '=', subject)
            .where('my_comment.user_id', '=', viewerId),
        )
        .as('my_comments'),
      jsonArrayFrom(
        this.dialect,
        this.db
          .selectFrom('reactions as r')
          .innerJoin('users as ru', 'ru.id', 'r.user_id')
          .select([
            'r.id as reaction_id',
            'r.buzz_type_id',
            'r.created_at',
            'ru.id',
            'ru.first_name',
            'ru.last_name',
            'ru.avatar',
          ])
          .where(`r.${column}`, '=', subject)
          .orderBy('r.id', 'desc')
          // A literal: SQLite runs a correlated subquery with a bound LIMIT several times slower.
          .limit(sql.lit(Limits.reactionPreview)),
      ).as('recent_reactions'),
      jsonArrayFrom(
        this.dialect,
        this.db
          .selectFrom('comments as c')
          .innerJoin('users as cu', 'cu.id', 'c.user_id')
          .select(['cu.id', 'cu.first_name', 'cu.last_name', 'cu.avatar'])
          .where(`c.${column}`, '=', subject)
          .orderBy('c.id', 'desc')
          .limit(sql.lit(1)),
      ).as('recent_commenter'),
    ];
  }

  /** One object's engagement as the viewer sees it now; `ex` may be the transaction that changed it. */
  async engagementOf(subject: Subject, viewerId: number, ex: Executor = this.db): Promise<EngagementRow> {
    // Every reactable table has `id` and the two counts; typed as one of them, as one query.
    const table = TABLE[subject.kind] as 'posts';
    return ex
      .selectFrom(`${table} as subject`)
      .select((eb) => [
        'subject.buzzes_count',
        'subject.expressions_count',
        ...this.columnsFor(eb, subject.kind, 'subject.id', viewerId),
      ])
      .where('subject.id', '=', subject.id)
      .executeTakeFirstOrThrow();
  }

  /** Holds the object's row until `trx` ends, so two reactions of one person at once cannot both count. */
  async lock(trx: Transaction<Database>, subject: Subject): Promise<void> {
    await trx.selectFrom(TABLE[subject.kind]).select('id').where('id', '=', subject.id).$call(lockRows(trx)).execute();
  }

  /**
   * Sets the viewer's reaction (spec §4: a first reaction raises the count by one; changing it
   * replaces the type). Returns whether it was new. `trx` holds the object's row.
   */
  async setReaction(trx: Executor, subject: Subject, userId: number, buzzTypeId: number): Promise<boolean> {
    const column = COLUMN[subject.kind];
    const changed = await trx
      .updateTable('reactions')
      .set({ buzz_type_id: buzzTypeId, created_at: nowIso() })
      .where(column, '=', subject.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) return false;
    const created_at = nowIso();
    await trx
      .insertInto('reactions')
      .values({ [column]: subject.id, user_id: userId, buzz_type_id: buzzTypeId, created_at })
      .execute();
    const team_id = await this.bump(trx, subject, 'buzzes_count', 1);
    await portfolioActivity.engaged(trx, { subject: subject.kind, team_id, user_id: userId, created_at });
    return true;
  }

  /** Clears the viewer's reaction; the count drops by one when there was one. */
  async clearReaction(trx: Executor, subject: Subject, userId: number): Promise<boolean> {
    const column = COLUMN[subject.kind];
    const gone = await trx
      .deleteFrom('reactions')
      .where(column, '=', subject.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await this.bump(trx, subject, 'buzzes_count', -1);
    return true;
  }

  /** Every reaction of the object, newest first (a team's members at most). */
  reactions(subject: Subject): Promise<ReactionRow[]> {
    return this.db
      .selectFrom('reactions as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id as reaction_id',
        'r.buzz_type_id',
        'r.created_at',
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.avatar',
      ])
      .where(`r.${COLUMN[subject.kind]}`, '=', subject.id)
      .orderBy('r.id', 'desc')
      .execute();
  }

  async addComment(
    trx: Executor,
    subject: Subject,
    userId: number,
    values: { content: string | null; media_key: string | null; media_type_id: number },
  ): Promise<number> {
    const created_at = nowIso();
    const row = await trx
      .insertInto('comments')
      .values({ [COLUMN[subject.kind]]: subject.id, user_id: userId, ...values, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const team_id = await this.bump(trx, subject, 'expressions_count', 1);
    await portfolioActivity.engaged(trx, { subject: subject.kind, team_id, user_id: userId, created_at });
    return row.id;
  }

  /** A page of the object's comments, newest first, with the total. */
  async comments(subject: Subject, page: number, perPage: number = Paging.defaultPerPage) {
    const column = COLUMN[subject.kind];
    const rows = await this.commentsQuery()
      .where(`c.${column}`, '=', subject.id)
      .orderBy('c.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const count = await this.db
      .selectFrom(TABLE[subject.kind])
      .select('expressions_count')
      .where('id', '=', subject.id)
      .executeTakeFirst();
    return { rows, total: count?.expressions_count ?? 0 };
  }

  comment(id: number, ex: Executor = this.db): Promise<CommentRow> {
    return this.commentsQuery(ex).where('c.id', '=', id).executeTakeFirstOrThrow();
  }

  /** The post a comment with file `key` is on (null: a task's comment), if such a comment exists. */
  async postCommentedWith(key: string, ex: Executor = this.db): Promise<number | null | undefined> {
    const row = await ex.selectFrom('comments').select('post_id').where('media_key', '=', key).executeTakeFirst();
    return row?.post_id;
  }

  /** Upload keys of the object's comments (their files go when the object goes). */
  async commentMediaKeys(subject: Subject, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex
      .selectFrom('comments')
      .select('media_key')
      .where(COLUMN[subject.kind], '=', subject.id)
      .where('media_key', 'is not', null)
      .execute();
    return rows.map((r) => r.media_key!);
  }

  private commentsQuery(ex: Executor = this.db) {
    return ex
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('uploads as mu', 'mu.key', 'c.media_key')
      .select(mediaColumns('mu'))
      .select([
        'c.id',
        'c.content',
        'c.media_key',
        'c.media_type_id',
        'c.created_at',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.avatar',
      ]);
  }

  /**
   * Moves the object's own count by one, in the transaction of the reaction or comment: through
   * the module that owns the object's table (ADR 0038); its team.
   */
  private bump(trx: Executor, subject: Subject, count: EngagementCount, by: 1 | -1): Promise<number> {
    return COUNTS[subject.kind](trx, subject.id, count, by);
  }
}
