import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { compileOnceIn } from '../../db/compile-once.js';
import { lockRows } from '../../db/dialect.js';
import type {
  Database,
  Executor,
  PromptRemindersTable,
  PromptResponsesTable,
  PromptRow,
  PromptsTable,
} from '../../db/schema.js';
import { mediaColumns, type StoredMedia } from '../uploads/media-view.js';

export type PromptKind = PromptRow['kind'];

/** A prompt with who asked, its own file's state and its counts (members who can answer, answers). */
export interface PromptView extends PromptRow, StoredMedia {
  first_name: string;
  last_name: string;
  avatar: string | null;
  /** Members who answered (hidden answers count: they were given). */
  responses_count: number | string;
  /** Members of the team now, but the one who asked. */
  max_responses_count: number | string;
}

/** One file of an answer, with its author and the state of its upload. */
export interface ResponseView extends StoredMedia {
  id: number;
  prompt_id: number;
  user_id: number;
  media_type: 'video' | 'photo';
  caption: string | null;
  position: number;
  hidden_at: string | null;
  created_at: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/** A member who can answer, with when they did and when they were last reminded. */
export interface PromptMemberRow {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  responded_at: string | null;
  reminded_at: string | null;
}

/** Which answers a read shows: all (the owner), or the visible ones plus one author's own. */
export type ResponseFilter = { all: true } | { all: false; published: boolean; viewerId: number };

// An answer's statements, compiled once (ADR 0009).
const lockPrompt = compileOnceIn((ex: Kysely<Database>, promptId: number) =>
  ex.selectFrom('prompts').select('id').where('id', '=', promptId).$call(lockRows(ex)),
);
const recountAnswers = compileOnceIn((ex: Kysely<Database>, promptId: number) =>
  ex
    .updateTable('prompts')
    .set((eb) => ({
      answers_count: eb
        .selectFrom('prompt_responses')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('prompt_id', '=', promptId)
        .where('position', '=', 0),
    }))
    .where('id', '=', promptId),
);

/** Team videos, slideshows, their answers and reminders: the only Kysely code of the module. */
export class PromptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ex: Executor, row: Omit<Insertable<PromptsTable>, 'id'>): Promise<number> {
    const { id } = await ex.insertInto('prompts').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** Prompts with their owner, file and counts, by id (or by post when `by` is 'post'). */
  private views(ex: Executor = this.db) {
    return ex
      .selectFrom('prompts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('uploads as mu', 'mu.key', 'p.media_key')
      .selectAll('p')
      .select(['u.first_name', 'u.last_name', 'u.avatar', ...mediaColumns('mu')])
      .select((eb) => [
        eb
          .selectFrom('prompt_responses as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.prompt_id', '=', 'p.id')
          .where('r.position', '=', 0)
          .as('responses_count'),
        eb
          .selectFrom('team_members as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.team_id', '=', 'p.team_id')
          .whereRef('m.user_id', '<>', 'p.user_id')
          .as('max_responses_count'),
      ]);
  }

  async view(teamId: number, kind: PromptKind, id: number, ex: Executor = this.db): Promise<PromptView | undefined> {
    const row = await this.views(ex)
      .where('p.id', '=', id)
      .where('p.team_id', '=', teamId)
      .where('p.kind', '=', kind)
      .executeTakeFirst();
    return row as PromptView | undefined;
  }

  async viewOfPost(teamId: number, kind: PromptKind, postId: number): Promise<PromptView | undefined> {
    const row = await this.views()
      .where('p.post_id', '=', postId)
      .where('p.team_id', '=', teamId)
      .where('p.kind', '=', kind)
      .executeTakeFirst();
    return row as PromptView | undefined;
  }

  /** The prompts of a timeline page's posts, in one query (ids from the posts' data). */
  async viewsByIds(ids: readonly number[], ex: Executor = this.db): Promise<PromptView[]> {
    if (ids.length === 0) return [];
    return (await this.views(ex).where('p.id', 'in', ids).execute()) as PromptView[];
  }

  /** The post ids of these prompts that `userId` answered (the viewer's `is_responded`). */
  async answeredBy(userId: number, promptIds: readonly number[], ex: Executor = this.db): Promise<Set<number>> {
    if (promptIds.length === 0) return new Set();
    const rows = await ex
      .selectFrom('prompt_responses')
      .select('prompt_id')
      .where('user_id', '=', userId)
      .where('position', '=', 0)
      .where('prompt_id', 'in', promptIds)
      .execute();
    return new Set(rows.map((r) => r.prompt_id));
  }

  private responseViews(ex: Executor = this.db) {
    return ex
      .selectFrom('prompt_responses as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('uploads as mu', 'mu.key', 'r.media_key')
      .select([
        'r.id',
        'r.prompt_id',
        'r.user_id',
        'r.media_key',
        'r.media_type',
        'r.caption',
        'r.position',
        'r.hidden_at',
        'r.created_at',
        'u.first_name',
        'u.last_name',
        'u.avatar',
        ...mediaColumns('mu'),
      ]);
  }

  /** The answers of these prompts the filter lets through, in the order they were given. */
  async responses(
    promptIds: readonly number[],
    filter: ResponseFilter,
    ex: Executor = this.db,
  ): Promise<ResponseView[]> {
    if (promptIds.length === 0) return [];
    let q = this.responseViews(ex).where('r.prompt_id', 'in', promptIds);
    if (!filter.all)
      q = q.where((eb) =>
        filter.published
          ? eb.or([eb('r.hidden_at', 'is', null), eb('r.user_id', '=', filter.viewerId)])
          : eb('r.user_id', '=', filter.viewerId),
      );
    return await q.orderBy('r.prompt_id').orderBy('r.id').execute();
  }

  /** The published answers of these prompts: not hidden, in order (what the player plays). */
  async publishedResponses(promptIds: readonly number[], ex: Executor = this.db): Promise<ResponseView[]> {
    if (promptIds.length === 0) return [];
    const rows = await this.responseViews(ex)
      .innerJoin('prompts as p', 'p.id', 'r.prompt_id')
      .where('r.prompt_id', 'in', promptIds)
      .where('p.published_at', 'is not', null)
      .where('r.hidden_at', 'is', null)
      .orderBy('r.prompt_id')
      .orderBy('r.id')
      .execute();
    return rows;
  }

  /**
   * A page of a prompt's answers and how many there are: every file (hidden ones marked) for the
   * one who asked, else the ones not hidden and the viewer's own.
   */
  async responsesPage(
    promptId: number,
    viewer: { id: number; owner: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: ResponseView[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.responseViews()
        .where('r.prompt_id', '=', promptId)
        .$if(!viewer.owner, (q) =>
          q.where((eb) => eb.or([eb('r.hidden_at', 'is', null), eb('r.user_id', '=', viewer.id)])),
        )
        .orderBy('r.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('prompt_responses as r')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('r.prompt_id', '=', promptId)
        .$if(!viewer.owner, (q) =>
          q.where((eb) => eb.or([eb('r.hidden_at', 'is', null), eb('r.user_id', '=', viewer.id)])),
        )
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async response(promptId: number, responseId: number, ex: Executor = this.db): Promise<ResponseView | undefined> {
    const row = await this.responseViews(ex)
      .where('r.id', '=', responseId)
      .where('r.prompt_id', '=', promptId)
      .executeTakeFirst();
    return row;
  }

  /** Whether `userId` has answered the prompt. */
  async hasAnswered(promptId: number, userId: number, ex: Executor = this.db): Promise<boolean> {
    const row = await ex
      .selectFrom('prompt_responses')
      .select('id')
      .where('prompt_id', '=', promptId)
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Holds the prompt's row until `trx` ends: its answers and its publishing, one at a time. */
  async lock(trx: Transaction<Database>, promptId: number): Promise<void> {
    await lockPrompt(trx, promptId);
  }

  /**
   * One member's answer (its files, of one prompt), and the prompt's `answers_count` recounted
   * from its answers (their file at position 0) in the same transaction, under the prompt's row
   * lock (ADR 0038): a concurrent answer's count then waits for this commit and reads it.
   */
  async insertResponses(
    trx: Transaction<Database>,
    rows: readonly Omit<Insertable<PromptResponsesTable>, 'id'>[],
  ): Promise<number[]> {
    const out = await trx.insertInto('prompt_responses').values(rows).returning('id').execute();
    for (const promptId of new Set(rows.map((r) => r.prompt_id))) {
      await lockPrompt(trx, promptId);
      await recountAnswers(trx, promptId);
    }
    return out.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Hides (or shows again) one file of an answer: one video, or one image of a slideshow answer. */
  async setHidden(ex: Executor, responseId: number, hidden: { at: string; by: number } | null): Promise<void> {
    await ex
      .updateTable('prompt_responses')
      .set({ hidden_at: hidden?.at ?? null, hidden_by: hidden?.by ?? null })
      .where('id', '=', responseId)
      .execute();
  }

  /** How many answers of the prompt are not hidden. */
  async visibleAnswers(promptId: number, ex: Executor = this.db): Promise<number> {
    const row = await ex
      .selectFrom('prompt_responses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('prompt_id', '=', promptId)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the prompt published, once: false when it was already. */
  async publish(ex: Executor, promptId: number, at: string): Promise<boolean> {
    const res = await ex
      .updateTable('prompts')
      .set({ published_at: at })
      .where('id', '=', promptId)
      .where('published_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async insertReminder(ex: Executor, row: Insertable<PromptRemindersTable>): Promise<void> {
    await ex.insertInto('prompt_reminders').values(row).execute();
  }

  async remindedOn(promptId: number, userId: number, day: string, ex: Executor = this.db): Promise<boolean> {
    const row = await ex
      .selectFrom('prompt_reminders')
      .select('user_id')
      .where('prompt_id', '=', promptId)
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Everyone in the team who can answer (all but `ownerId`), by name, with when they answered and were reminded. */
  async members(teamId: number, promptId: number, ownerId: number, ex: Executor = this.db): Promise<PromptMemberRow[]> {
    return ex
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.avatar'])
      .select((eb) => [
        eb
          .selectFrom('prompt_responses as r')
          .select((e) => e.fn.min('r.created_at').as('at'))
          .whereRef('r.user_id', '=', 'm.user_id')
          .where('r.prompt_id', '=', promptId)
          .as('responded_at'),
        eb
          .selectFrom('prompt_reminders as rm')
          .select((e) => e.fn.max('rm.reminded_at').as('at'))
          .whereRef('rm.user_id', '=', 'm.user_id')
          .where('rm.prompt_id', '=', promptId)
          .as('reminded_at'),
      ])
      .where('m.team_id', '=', teamId)
      .where('m.user_id', '<>', ownerId)
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.id')
      .execute();
  }

  /** Whether `userId` is a member of the team now. */
  async isMember(teamId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  private inPeriod(teamId: number, kind: PromptKind, from: string | null) {
    let q = this.db.selectFrom('prompts as p').where('p.team_id', '=', teamId).where('p.kind', '=', kind);
    if (from) q = q.where('p.created_at', '>=', from);
    return q;
  }

  /** A page of a team's prompts of one kind asked since `from`, newest first, and how many there are. */
  async list(
    teamId: number,
    kind: PromptKind,
    from: string | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: PromptView[]; total: number }> {
    let page = this.views().where('p.team_id', '=', teamId).where('p.kind', '=', kind);
    if (from) page = page.where('p.created_at', '>=', from);
    const [rows, count] = await Promise.all([
      page.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
      this.inPeriod(teamId, kind, from)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ]);
    return { rows: rows as PromptView[], total: Number(count?.n ?? 0) };
  }

  /** Answers to the period's prompts, and the answers they could have had (members but who asked, now). */
  async totals(
    teamId: number,
    kind: PromptKind,
    from: string | null,
  ): Promise<{ responses: number; possible: number }> {
    const row = await this.inPeriod(teamId, kind, from)
      .select([
        sql<number>`coalesce(sum((select count(*) from prompt_responses r where r.prompt_id = p.id and r.position = 0)), 0)`.as(
          'responses',
        ),
        sql<number>`coalesce(sum((select count(*) from team_members m where m.team_id = p.team_id and m.user_id <> p.user_id)), 0)`.as(
          'possible',
        ),
      ])
      .executeTakeFirst();
    return { responses: Number(row?.responses ?? 0), possible: Number(row?.possible ?? 0) };
  }

  /** Every stored file of the post's prompt (its own and its answers'), read before the post is deleted. */
  async mediaKeysOfPost(postId: number, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex
      .selectFrom('prompts as p')
      .leftJoin('prompt_responses as r', 'r.prompt_id', 'p.id')
      .select(['p.media_key as own', 'r.media_key as answer'])
      .where('p.post_id', '=', postId)
      .execute();
    const keys = new Set<string>();
    for (const r of rows) {
      if (r.own) keys.add(r.own);
      if (r.answer) keys.add(r.answer);
    }
    return [...keys];
  }
}
