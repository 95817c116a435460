import type {
  PostDataDto,
  PromptMemberDto,
  PromptResponseDto,
  PromptSummaryDto,
  SlideshowDto,
  TeamVideoDto,
} from '@rally/contract';
import type { UrlOf } from '../engagement/presenter.js';
import { fullName } from '../members/presenter.js';
import { presentMedia } from '../uploads/media-view.js';
import type { PromptMemberRow, PromptView, ResponseView } from './repository.js';

const person = (u: { id: number; first_name: string; last_name: string; avatar: string | null }, urlOf: UrlOf) => ({
  id: u.id,
  full_name: fullName(u),
  avatar: urlOf(u.avatar),
});

export function presentResponse(r: ResponseView, urlOf: UrlOf): PromptResponseDto {
  const media = presentMedia(urlOf, r);
  return {
    id: r.id,
    user: person({ ...r, id: r.user_id }, urlOf),
    media: media.media,
    media_type: r.media_type,
    media_status: media.media_status ?? 'ready',
    poster: media.poster,
    caption: r.caption,
    duration: media.duration,
    hidden: r.hidden_at !== null,
    created_at: r.created_at,
  };
}

export const presentPromptMember = (m: PromptMemberRow, urlOf: UrlOf): PromptMemberDto => ({
  ...person(m, urlOf),
  responded_at: m.responded_at,
  reminded_at: m.reminded_at,
});

/** The prompt's own file: the question's video (team video) or image (slideshow). */
const ownMedia = (p: PromptView, urlOf: UrlOf) => {
  const media = presentMedia(urlOf, p);
  return {
    media: media.media,
    media_type: p.kind === 'video' ? ('video' as const) : ('photo' as const),
    media_status: media.media_status ?? 'ready',
    poster: media.poster,
  };
};

/**
 * What a type 6 or 11 post's card shows of its prompt (spec §3 Post data): the prompt's own
 * state and, once published, its visible answers in order (the player's playlist, ADR 0028).
 * `is_responded` is the viewer's; the timeline cache keeps it apart from the rest (timeline-cache.ts).
 */
export function promptPostData(
  p: PromptView,
  urlOf: UrlOf,
  isResponded: boolean,
  published: readonly ResponseView[],
): Partial<PostDataDto> {
  const answers = p.published_at === null ? undefined : published.map((r) => presentResponse(r, urlOf));
  return {
    topic: p.topic,
    ...ownMedia(p, urlOf),
    published: p.published_at !== null,
    published_at: p.published_at,
    is_responded: isResponded,
    responses_count: Number(p.responses_count),
    max_responses_count: Number(p.max_responses_count),
    ...(p.kind === 'video'
      ? { video_id: p.id, ...(answers ? { team_video_responses: answers } : {}) }
      : { slideshow_id: p.id, ...(answers ? { slideshow_responses: answers } : {}) }),
  };
}

/** A prompt as GET video/slideshow shows it to the viewer: members and the answers they may see. */
export function presentPrompt(
  p: PromptView,
  urlOf: UrlOf,
  viewerId: number,
  members: readonly PromptMemberRow[],
  responses: readonly ResponseView[],
): TeamVideoDto | SlideshowDto {
  const answers = responses.map((r) => presentResponse(r, urlOf));
  const base = {
    id: p.id,
    team_id: p.team_id,
    post_id: p.post_id,
    topic: p.topic,
    content: p.content,
    ...ownMedia(p, urlOf),
    user: person({ id: p.user_id, first_name: p.first_name, last_name: p.last_name, avatar: p.avatar }, urlOf),
    created_at: p.created_at,
    published: p.published_at !== null,
    published_at: p.published_at,
    is_responded: members.some((m) => m.id === viewerId && m.responded_at !== null),
    responses_count: Number(p.responses_count),
    max_responses_count: Number(p.max_responses_count),
    members: members.map((m) => presentPromptMember(m, urlOf)),
  };
  return p.kind === 'video' ? { ...base, team_video_responses: answers } : { ...base, slideshow_responses: answers };
}

export const presentSummary = (p: PromptView, urlOf: UrlOf): PromptSummaryDto => ({
  id: p.id,
  post_id: p.post_id,
  topic: p.topic,
  user: person({ id: p.user_id, first_name: p.first_name, last_name: p.last_name, avatar: p.avatar }, urlOf),
  created_at: p.created_at,
  published: p.published_at !== null,
  published_at: p.published_at,
  responses_count: Number(p.responses_count),
  max_responses_count: Number(p.max_responses_count),
});
