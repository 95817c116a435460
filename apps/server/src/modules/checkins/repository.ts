import { sql, type Expression, type Insertable, type Kysely, type Transaction } from 'kysely';
import { compileOnceIn } from '../../db/compile-once.js';
import { lockRows } from '../../db/dialect.js';
import type { CheckinResponsesTable, Database, Executor } from '../../db/schema.js';
import { portfolioActivity } from '../portfolio/rollups.js';
import { insertPost, updatePostContent } from '../posts/repository.js';

/** A period of the statistics: answers at or after `from` (ISO), before `to` when given. */
export interface Period {
  from: string | null;
  to?: string | null;
}

/** A post as a new card shows it: the row, its author and its team. */
export interface NewPostRow {
  id: number;
  team_id: number;
  user_id: number;
  type_id: number;
  text: string | null;
  extra: string | null;
  created_at: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  team_name: string;
}

export interface CheckinView {
  id: number;
  team_id: number;
  user_id: number;
  post_id: number | null;
  members_count: number;
  created_at: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  responses_count: number | string;
  responded: number | string;
}

/** Per user and mood: how many answers, and the sum of their scores. */
export interface UserMoodRow {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  mood_id: number;
  n: number | string;
  score_sum: number | string;
}

// An answer's statements, compiled once (ADR 0009).
const lockCheckin = compileOnceIn((ex: Kysely<Database>, checkinId: number) =>
  ex.selectFrom('checkins').select('id').where('id', '=', checkinId).$call(lockRows(ex)),
);
const recountAnswers = compileOnceIn((ex: Kysely<Database>, checkinId: number) =>
  ex
    .updateTable('checkins')
    .set((eb) => ({
      responses_count: eb
        .selectFrom('checkin_responses')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('checkin_id', '=', checkinId),
    }))
    .where('id', '=', checkinId),
);

/** Check-ins, their answers and the team statistics: the only Kysely code of the module. */
export class CheckinsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Holds the team's row until the transaction ends, so two requests of one team run one after the other. */
  async lockTeam(trx: Transaction<Database>, teamId: number): Promise<void> {
    await trx.selectFrom('teams').select('id').where('id', '=', teamId).$call(lockRows(trx)).executeTakeFirst();
  }

  async membersCount(teamId: number, ex: Executor = this.db): Promise<number> {
    const row = await ex
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The team's latest check-in request, if any. */
  latest(teamId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('checkins')
      .select(['id', 'created_at'])
      .where('team_id', '=', teamId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A post of this module (a check-in or an answer), written by the posts module's `insertPost` (ADR 0038). */
  insertPost(
    ex: Executor,
    post: { team_id: number; user_id: number; type_id: number; text: string | null; created_at: string },
  ): Promise<number> {
    return insertPost(ex, post);
  }

  /** What the post stores beside its text (the check-in's id, an answer's mood), written by the posts module. */
  setPostExtra(ex: Executor, postId: number, extra: object): Promise<void> {
    return updatePostContent(ex, postId, { extra: JSON.stringify(extra) });
  }

  async insertCheckin(
    ex: Executor,
    row: { team_id: number; user_id: number; post_id: number; members_count: number; created_at: string },
  ): Promise<number> {
    return (await ex.insertInto('checkins').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** One check-in with its initiator, its answer count and whether the viewer answered: one query. */
  view(teamId: number, checkinId: number, viewerId: number): Promise<CheckinView | undefined> {
    return this.db
      .selectFrom('checkins as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.team_id', 'c.user_id', 'c.post_id', 'c.members_count', 'c.created_at'])
      .select(['u.first_name', 'u.last_name', 'u.avatar'])
      .select((eb) => [
        eb
          .selectFrom('checkin_responses as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.checkin_id', '=', 'c.id')
          .as('responses_count'),
        eb
          .selectFrom('checkin_responses as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.checkin_id', '=', 'c.id')
          .where('r.user_id', '=', viewerId)
          .as('responded'),
      ])
      .where('c.id', '=', checkinId)
      .where('c.team_id', '=', teamId)
      .executeTakeFirst() as Promise<CheckinView | undefined>;
  }

  /**
   * An answer, with its `checkin.reply` post when public (written first), and what is derived
   * from it in the same transaction (ADR 0038): the check-in's `responses_count`, recounted from
   * its answers under the check-in's row lock, and the portfolio's rollups.
   */
  async insertResponse(
    trx: Transaction<Database>,
    row: Required<Omit<Insertable<CheckinResponsesTable>, 'id' | 'post_id'>> & { post_id?: number | null },
  ): Promise<number> {
    const { id } = await trx
      .insertInto('checkin_responses')
      .values({ ...row, post_id: row.post_id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Locked before it is counted: on PostgreSQL a concurrent answer's count then waits for this
    // commit and reads it (a count in the update alone would read the statement's older snapshot).
    await lockCheckin(trx, row.checkin_id);
    await recountAnswers(trx, row.checkin_id);
    await portfolioActivity.answered(trx, {
      team_id: row.team_id,
      user_id: row.user_id,
      score: row.score,
      created_at: row.created_at,
    });
    return id;
  }

  /** A post this module wrote, as its new card shows it (no reactions or comments yet). */
  newPost(postId: number, ex: Executor = this.db): Promise<NewPostRow | undefined> {
    return ex
      .selectFrom('posts as p')
      .innerJoin('users as a', 'a.id', 'p.user_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .select(['p.id', 'p.team_id', 'p.user_id', 'p.type_id', 'p.text', 'p.extra', 'p.created_at'])
      .select(['a.first_name', 'a.last_name', 'a.avatar', 't.name as team_name'])
      .where('p.id', '=', postId)
      .executeTakeFirst();
  }

  // Statistics. Every figure is an aggregate in the database: a constant number of queries,
  // whatever the team's size or the period's length.

  /** The team's answers in a period: how many, from how many people, their mean score. */
  async answerTotals(teamId: number, p: Period) {
    const row = await this.responsesIn(teamId, p)
      .select((eb) => [
        eb.fn.countAll<number>().as('answers'),
        eb.fn.count<number>('r.user_id').distinct().as('people'),
        eb.fn.avg<number>('r.score').as('mean'),
        eb.fn.count<number>('r.checkin_id').distinct().as('checkins'),
      ])
      .executeTakeFirstOrThrow();
    return {
      answers: Number(row.answers),
      people: Number(row.people),
      mean: row.mean === null ? null : Number(row.mean),
      checkins: Number(row.checkins),
    };
  }

  /** Answers per mood in a period (the team's breakdown). */
  async moodCounts(teamId: number, p: Period): Promise<Map<number, number>> {
    const rows = await this.responsesIn(teamId, p)
      .select(['r.mood_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('r.mood_id')
      .execute();
    return new Map(rows.map((r) => [r.mood_id, Number(r.n)]));
  }

  /** Check-ins requested in a period. */
  async initiatedCount(teamId: number, p: Period): Promise<number> {
    let q = this.db
      .selectFrom('checkins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId);
    if (p.from) q = q.where('created_at', '>=', p.from);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /**
   * Per user and mood, over the answers `viewerId` may see one by one: public answers, and
   * private answers to check-ins they asked themselves.
   */
  userMoods(teamId: number, viewerId: number, p: Period): Promise<UserMoodRow[]> {
    return this.visibleIn(teamId, viewerId, p)
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'u.first_name', 'u.last_name', 'u.avatar', 'r.mood_id'])
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('r.score').as('score_sum')])
      .groupBy(['r.user_id', 'u.first_name', 'u.last_name', 'u.avatar', 'r.mood_id'])
      .orderBy('u.first_name')
      .orderBy('r.user_id')
      .execute();
  }

  /** A page of the answers `viewerId` may see one by one, newest first, and how many there are. */
  async visibleAnswers(teamId: number, viewerId: number, p: Period, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      this.visibleIn(teamId, viewerId, p)
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.checkin_id', 'r.user_id', 'r.mood_id', 'r.is_private', 'r.created_at'])
        .select(['u.first_name', 'u.last_name', 'u.avatar'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.visibleIn(teamId, viewerId, p)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The Team Statistics dialog: posts, reactions, comments and active members of a period, one query. */
  async teamStats(teamId: number, p: Period) {
    const since = p.from ?? '';
    const postsIn = this.db
      .selectFrom('posts')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('created_at', '>=', since);
    // Reactions and comments on the team's posts: one query over either table. Kysely cannot
    // type a union of tables; the columns read here are the same in both.
    const onTeamPosts = (table: 'reactions' | 'comments') =>
      this.db
        .selectFrom(`${table} as x` as 'reactions as x')
        .innerJoin('posts as p', 'p.id', 'x.post_id')
        .select('x.user_id')
        .where('p.team_id', '=', teamId)
        .where('x.created_at', '>=', since);
    const reactionsIn = onTeamPosts('reactions');
    const commentsIn = onTeamPosts('comments');
    const answersIn = this.db
      .selectFrom('checkin_responses')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('created_at', '>=', since);
    const count = (q: Expression<{ user_id: number }>) => sql<number>`(select count(*) from (${q}) as c)`;
    // Team videos and slideshows asked in the period, and the answers given in it (one per member:
    // a slideshow answer's first image stands for it).
    const promptsIn = (kind: 'video' | 'slideshow') =>
      this.db
        .selectFrom('prompts')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('kind', '=', kind)
        .where('created_at', '>=', since);
    const promptAnswersIn = (kind: 'video' | 'slideshow') =>
      this.db
        .selectFrom('prompt_responses as r')
        .innerJoin('prompts as p', 'p.id', 'r.prompt_id')
        .select('r.user_id')
        .where('p.team_id', '=', teamId)
        .where('p.kind', '=', kind)
        .where('r.position', '=', 0)
        .where('r.created_at', '>=', since);
    const row = await this.db
      .selectNoFrom([
        count(postsIn).as('posts_count'),
        count(reactionsIn).as('reactions_count'),
        count(commentsIn).as('comments_count'),
        // Active: anyone still in the team who did any of these in the period.
        sql<number>`(select count(*) from team_members m where m.team_id = ${teamId} and m.user_id in (${postsIn.unionAll(reactionsIn).unionAll(commentsIn).unionAll(answersIn)}))`.as(
          'active_members_count',
        ),
        sql<number>`(select count(*) from team_members m where m.team_id = ${teamId})`.as('members_count'),
        count(promptsIn('video')).as('videos_count'),
        count(promptAnswersIn('video')).as('video_responses_count'),
        count(promptsIn('slideshow')).as('slideshows_count'),
        count(promptAnswersIn('slideshow')).as('slideshow_responses_count'),
      ])
      .executeTakeFirstOrThrow();
    return {
      posts_count: Number(row.posts_count),
      reactions_count: Number(row.reactions_count),
      comments_count: Number(row.comments_count),
      active_members_count: Number(row.active_members_count),
      members_count: Number(row.members_count),
      videos_count: Number(row.videos_count),
      video_responses_count: Number(row.video_responses_count),
      slideshows_count: Number(row.slideshows_count),
      slideshow_responses_count: Number(row.slideshow_responses_count),
    };
  }

  private responsesIn(teamId: number, p: Period) {
    let q = this.db.selectFrom('checkin_responses as r').where('r.team_id', '=', teamId);
    if (p.from) q = q.where('r.created_at', '>=', p.from);
    if (p.to) q = q.where('r.created_at', '<', p.to);
    return q;
  }

  private visibleIn(teamId: number, viewerId: number, p: Period) {
    return this.responsesIn(teamId, p)
      .innerJoin('checkins as c', 'c.id', 'r.checkin_id')
      .where((eb) => eb.or([eb('r.is_private', '=', 0), eb('c.user_id', '=', viewerId)]));
  }
}
