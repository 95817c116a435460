import type { CommentDto, EngagementDto, MediaTypeNameDto, ReactionDto, UserRefDto } from '@rally/contract';
import { MediaType } from '@rally/contract';
import { rowsOfJson } from '../../db/dialect.js';
import { fullName } from '../members/presenter.js';
import { presentMedia } from '../uploads/media-view.js';
import type { CommentRow, EngagementRow, PersonRow, ReactionRow } from './repository.js';

/** Turns a stored upload key into a signed, expiring URL (null stays null). */
export type UrlOf = (key: string | null) => string | null;

/** A user with their avatar (a stored key) as a signed URL. */
export const presentPerson = (p: PersonRow, urlOf: UrlOf): UserRefDto => ({
  id: p.id,
  full_name: fullName(p),
  avatar: urlOf(p.avatar),
});

export const presentReaction = (r: ReactionRow, urlOf: UrlOf): ReactionDto => ({
  id: r.reaction_id,
  buzz_type_id: r.buzz_type_id,
  user: { ...presentPerson(r, urlOf), responded_at: r.created_at },
});

const MEDIA_TYPE_NAMES = Object.fromEntries(Object.entries(MediaType).map(([name, id]) => [id, name])) as Record<
  number,
  MediaTypeNameDto
>;
export const mediaTypeName = (id: number | null): MediaTypeNameDto => (id && MEDIA_TYPE_NAMES[id]) || 'text';

export function presentEngagement(row: EngagementRow, urlOf: UrlOf): EngagementDto {
  const reactions = rowsOfJson(row.recent_reactions).map((r) => presentReaction(r, urlOf));
  const [commenter] = rowsOfJson(row.recent_commenter);
  return {
    buzz_type_id: row.my_buzz ?? null,
    buzzes_count: Number(row.buzzes_count),
    reactions,
    recent_buzz_activity_user: reactions[0] ? presentPersonOf(reactions[0]) : null,
    expressions_count: Number(row.expressions_count),
    user_expressed: Boolean(Number(row.my_comments)),
    recent_expressed_activity_user: commenter ? presentPerson(commenter, urlOf) : null,
  };
}

const presentPersonOf = (r: ReactionDto): UserRefDto => ({
  id: r.user.id,
  full_name: r.user.full_name,
  avatar: r.user.avatar,
});

export const presentComment = (c: CommentRow, urlOf: UrlOf): CommentDto => {
  const { media, media_status, poster } = presentMedia(urlOf, c);
  return {
    id: c.id,
    content: c.content,
    media,
    media_type: mediaTypeName(c.media_type_id),
    media_status,
    poster,
    created_at: c.created_at,
    user: presentPerson({ id: c.user_id, first_name: c.first_name, last_name: c.last_name, avatar: c.avatar }, urlOf),
  };
};
