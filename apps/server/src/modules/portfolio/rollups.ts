import { sql, type Kysely } from 'kysely';
import { PostType } from '@rally/contract';
import { compileOnceIn } from '../../db/compile-once.js';
import type { Database, Executor } from '../../db/schema.js';

/**
 * What the portfolio's rollups follow (ADR 0036), told by the module that writes it, in the
 * transaction of the write (ADR 0038): the posts module of every post it writes (for any module),
 * the engagement module of every reaction and comment, the check-ins module of every answer.
 * The portfolio decides what counts.
 */
export interface PortfolioActivity {
  /** A post: every type but the automatic welcome message and an answer's `checkin.reply` post. */
  posted(ex: Executor, post: { team_id: number; user_id: number; type_id: number; created_at: string }): Promise<void>;
  /** A new reaction or comment; on a post only (a to-do task's are not the team's activity). */
  engaged(
    ex: Executor,
    e: { subject: 'post' | 'task'; team_id: number; user_id: number; created_at: string },
  ): Promise<void>;
  /** A check-in answer, with its score (the All Time meter). */
  answered(ex: Executor, a: { team_id: number; user_id: number; score: number; created_at: string }): Promise<void>;
}

/** Posts that are no activity of anyone's: written with the team, or standing for an answer. */
const NOT_ACTIVITY: readonly number[] = [PostType.welcomemessage, PostType['checkin.reply']];

/**
 * The rollups count what happened (ADR 0036): each activity adds one to its team's UTC day and
 * moves the newest times forward; a later delete subtracts nothing. A day or a person is not
 * recounted from the rows on each write: the reactions and comments of a team's day are found
 * only through all of its posts. Each statement is an atomic upsert, so concurrent writers of
 * one team and day (PostgreSQL) queue on the row and none is lost.
 */
export const portfolioActivity: PortfolioActivity = {
  async posted(ex, p) {
    if (!NOT_ACTIVITY.includes(p.type_id)) await happened(ex, p.team_id, p.user_id, p.created_at, null);
  },
  async engaged(ex, e) {
    if (e.subject === 'post') await happened(ex, e.team_id, e.user_id, e.created_at, null);
  },
  async answered(ex, a) {
    await happened(ex, a.team_id, a.user_id, a.created_at, a.score);
  },
};

/**
 * The later of a stored instant (null: none yet) and `at`, in an upsert's update: ISO texts,
 * compared as text, on both databases (no greatest/max of two values, which differ by dialect).
 */
const later = (stored: `${'team_activity_days' | 'team_member_activity'}.${string}`, at: string) =>
  sql<string>`case when ${sql.ref(stored)} is null or ${sql.ref(stored)} < ${at} then ${at} else ${sql.ref(stored)} end`;

function happened(ex: Executor, teamId: number, userId: number, at: string, score: number | null) {
  return score === null ? active(ex, teamId, userId, at) : answered(ex, teamId, userId, at, score);
}

// Compiled once (ADR 0009): every post, reaction, comment and answer runs them.
const countDay = compileOnceIn((ex: Kysely<Database>, teamId: number, day: string, at: string) =>
  ex
    .insertInto('team_activity_days')
    .values({ team_id: teamId, day, activity: 1, last_at: at })
    .onConflict((oc) =>
      oc.columns(['team_id', 'day']).doUpdateSet((eb) => ({
        activity: eb('team_activity_days.activity', '+', 1),
        last_at: later('team_activity_days.last_at', at),
      })),
    ),
);
const memberActive = compileOnceIn((ex: Kysely<Database>, teamId: number, userId: number, at: string) =>
  ex
    .insertInto('team_member_activity')
    .values({ team_id: teamId, user_id: userId, last_active_at: at, last_answer_at: null, answers: 0, score_sum: 0 })
    .onConflict((oc) =>
      oc
        .columns(['team_id', 'user_id'])
        .doUpdateSet({ last_active_at: later('team_member_activity.last_active_at', at) }),
    ),
);
const memberAnswered = compileOnceIn(
  (ex: Kysely<Database>, teamId: number, userId: number, at: string, score: number) =>
    ex
      .insertInto('team_member_activity')
      .values({
        team_id: teamId,
        user_id: userId,
        last_active_at: at,
        last_answer_at: at,
        answers: 1,
        score_sum: score,
      })
      .onConflict((oc) =>
        oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({
          last_active_at: later('team_member_activity.last_active_at', at),
          last_answer_at: later('team_member_activity.last_answer_at', at),
          answers: eb('team_member_activity.answers', '+', 1),
          score_sum: eb('team_member_activity.score_sum', '+', score),
        })),
      ),
);

async function active(ex: Executor, teamId: number, userId: number, at: string) {
  await countDay(ex, teamId, at.slice(0, 10), at);
  await memberActive(ex, teamId, userId, at);
}

async function answered(ex: Executor, teamId: number, userId: number, at: string, score: number) {
  await countDay(ex, teamId, at.slice(0, 10), at);
  await memberAnswered(ex, teamId, userId, at, score);
}

/**
 * Rebuilds the teams' rollups from the rows, as migration 2026112812 first filled them: for rows
 * written behind the app, which no module told (a bulk load, a repair). Idempotent; with nothing
 * deleted it gives what the writers kept.
 */
export async function refillRollups(ex: Executor, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const noScore = sql<number | null>`cast(null as integer)`;
  const activity = ex
    .selectFrom('posts')
    .select(['team_id', 'user_id', 'created_at as at', noScore.as('score')])
    .where('team_id', 'in', teamIds)
    .where('type_id', 'not in', NOT_ACTIVITY)
    .unionAll(
      ex
        .selectFrom('reactions as r')
        .innerJoin('posts as p', 'p.id', 'r.post_id')
        .select(['p.team_id', 'r.user_id', 'r.created_at as at', noScore.as('score')])
        .where('p.team_id', 'in', teamIds),
    )
    .unionAll(
      ex
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select(['p.team_id', 'c.user_id', 'c.created_at as at', noScore.as('score')])
        .where('p.team_id', 'in', teamIds),
    )
    .unionAll(
      ex
        .selectFrom('checkin_responses')
        .select(['team_id', 'user_id', 'created_at as at', 'score'])
        .where('team_id', 'in', teamIds),
    )
    .as('a');
  const day = sql<string>`substr(a.at, 1, 10)`;
  await ex.deleteFrom('team_activity_days').where('team_id', 'in', teamIds).execute();
  await ex
    .insertInto('team_activity_days')
    .columns(['team_id', 'day', 'activity', 'last_at'])
    .expression(
      ex
        .selectFrom(activity)
        .select((eb) => [
          'a.team_id',
          day.as('day'),
          eb.fn.countAll<number>().as('activity'),
          eb.fn.max('a.at').as('last_at'),
        ])
        .groupBy(['a.team_id', day]),
    )
    .execute();
  await ex.deleteFrom('team_member_activity').where('team_id', 'in', teamIds).execute();
  await ex
    .insertInto('team_member_activity')
    .columns(['team_id', 'user_id', 'last_active_at', 'last_answer_at', 'answers', 'score_sum'])
    .expression(
      ex
        .selectFrom(activity)
        .select((eb) => [
          'a.team_id',
          'a.user_id',
          eb.fn.max('a.at').as('last_active_at'),
          eb.fn.max(eb.case().when('a.score', 'is not', null).then(eb.ref('a.at')).end()).as('last_answer_at'),
          eb.fn.count<number>('a.score').as('answers'),
          eb.fn.coalesce(eb.fn.sum<number>('a.score'), eb.lit(0)).as('score_sum'),
        ])
        .groupBy(['a.team_id', 'a.user_id']),
    )
    .execute();
}
