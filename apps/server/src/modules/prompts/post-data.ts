import { PostType, type PostDataDto } from '@rally/contract';
import type { Executor } from '../../db/schema.js';
import type { UrlOf } from '../engagement/presenter.js';
import type { PostDataSource } from '../posts/presenter.js';
import type { PostView } from '../posts/repository.js';
import { promptPostData } from './presenter.js';
import type { PromptsRepository, ResponseView } from './repository.js';

/** The prompt a type 6 or 11 post names in its data (a shared copy names its original's). */
export function promptIdOf(row: Pick<PostView, 'type_id' | 'extra'>): number | undefined {
  if ((row.type_id !== PostType.teamvideo && row.type_id !== PostType.slideshow) || !row.extra) return undefined;
  const extra = JSON.parse(row.extra) as Pick<PostDataDto, 'video_id' | 'slideshow_id'>;
  return extra.video_id ?? extra.slideshow_id ?? undefined;
}

/**
 * What team video and slideshow posts show of their prompt, for a page of posts at once: at most
 * three queries whatever the page holds (the prompts with their counts, which of them the viewer
 * answered, the published answers), none when the page has no such post.
 */
export class PromptPostData implements PostDataSource {
  constructor(
    private readonly repo: PromptsRepository,
    private readonly urlOf: UrlOf,
  ) {}

  async dataOf(viewerId: number, rows: readonly PostView[], ex?: Executor): Promise<Map<number, Partial<PostDataDto>>> {
    const out = new Map<number, Partial<PostDataDto>>();
    const wanted = new Map<number, number>();
    for (const row of rows) {
      const id = promptIdOf(row);
      if (id !== undefined) wanted.set(row.id, id);
    }
    if (wanted.size === 0) return out;
    const ids = [...new Set(wanted.values())];
    const prompts = await this.repo.viewsByIds(ids, ex);
    const published = prompts.filter((p) => p.published_at !== null).map((p) => p.id);
    const [answered, answers] = await Promise.all([
      this.repo.answeredBy(viewerId, ids, ex),
      this.repo.publishedResponses(published, ex),
    ]);
    const byPrompt = new Map<number, ResponseView[]>();
    for (const a of answers) {
      let list = byPrompt.get(a.prompt_id);
      if (!list) byPrompt.set(a.prompt_id, (list = []));
      list.push(a);
    }
    const found = new Map(prompts.map((p) => [p.id, p]));
    for (const [postId, promptId] of wanted) {
      const p = found.get(promptId);
      if (!p) continue;
      // A shared copy is no place to answer from: the viewer's answer shows on the original only
      // (the timeline cache reads it by the original's post id too).
      const responded = p.post_id === postId && answered.has(p.id);
      out.set(postId, promptPostData(p, this.urlOf, responded, byPrompt.get(p.id) ?? []));
    }
    return out;
  }

  mediaKeysOfPost(postId: number, ex: Executor): Promise<string[]> {
    return this.repo.mediaKeysOfPost(postId, ex);
  }
}
