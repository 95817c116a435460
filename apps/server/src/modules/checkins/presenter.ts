import {
  MOODS,
  MOOD_IMAGE_PREFIX,
  MoodGroup,
  PostType,
  moodById,
  noEngagement,
  type CheckinDto,
  type MoodShareDto,
  type PostDto,
} from '@rally/contract';
import { presentPerson, type UrlOf } from '../engagement/presenter.js';
import type { CheckinView, NewPostRow, UserMoodRow } from './repository.js';

const TEAM_MOODS = MOODS.filter((m) => m.mood_group_id === MoodGroup.Moods);

/** A mood as posts and statistics show it: id, name and its image. */
export function moodRef(id: number) {
  const mood = moodById(id);
  return { id, name: mood?.name ?? 'Unknown', media: mood ? `${MOOD_IMAGE_PREFIX}${mood.file}` : '' };
}

/** A percentage, rounded to a whole point. */
export const percent = (value: number) => Math.round(value);

/** Every team mood with its count and share of `total` answers (moods nobody chose show 0). */
export function moodShares(counts: ReadonlyMap<number, number>, total: number): MoodShareDto[] {
  return TEAM_MOODS.map((m) => {
    const count = counts.get(m.id) ?? 0;
    return { ...moodRef(m.id), count, mood_avg: total ? Math.round((count / total) * 1000) / 10 : 0 };
  });
}

/** Per-user meters from per user-and-mood aggregates, in the rows' order. */
export function presentUsers(rows: UserMoodRow[], urlOf: UrlOf) {
  const users = new Map<number, { row: UserMoodRow; n: number; sum: number; moods: Map<number, number> }>();
  for (const r of rows) {
    const u = users.get(r.user_id) ?? { row: r, n: 0, sum: 0, moods: new Map<number, number>() };
    u.n += Number(r.n);
    u.sum += Number(r.score_sum);
    u.moods.set(r.mood_id, Number(r.n));
    users.set(r.user_id, u);
  }
  return [...users.values()].map(({ row, n, sum, moods }) => ({
    ...presentPerson({ ...row, id: row.user_id }, urlOf),
    meter: percent(sum / n),
    answers_count: n,
    moods: moodShares(moods, n).filter((m) => m.count > 0),
  }));
}

/** A post this module just wrote: nobody has reacted or commented yet. */
export function presentNewPost(row: NewPostRow, urlOf: UrlOf): PostDto {
  const extra = row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : {};
  return {
    id: row.id,
    type: row.type_id === PostType.checkin ? 'checkin' : 'checkin.reply',
    type_id: row.type_id,
    team_id: row.team_id,
    team: { id: row.team_id, name: row.team_name },
    user: presentPerson({ ...row, id: row.user_id }, urlOf),
    created_at: row.created_at,
    is_forwarded: false,
    original_post: null,
    data: {
      ...extra,
      text: row.text,
      content: row.text,
      color: null,
      tagged_users: [],
      media: null,
      media_type: null,
    },
    ...noEngagement(),
  };
}

export function presentCheckin(row: CheckinView, viewerId: number, urlOf: UrlOf): CheckinDto {
  const responded = Number(row.responded) > 0;
  return {
    id: row.id,
    post_id: row.post_id,
    user: presentPerson({ ...row, id: row.user_id }, urlOf),
    created_at: row.created_at,
    responses_count: Number(row.responses_count),
    max_responses_count: row.members_count,
    is_responded: responded,
    can_answer: !responded && row.user_id !== viewerId,
  };
}
