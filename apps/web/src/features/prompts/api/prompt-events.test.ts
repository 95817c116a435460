import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PostType } from '@rally/contract';
import { buildPost } from '../../../test/post-fixtures';
import { promptKeys } from './keys';
import { applyPromptEvent } from './prompt-events';

describe('applyPromptEvent', () => {
  it('a new team video or slideshow makes the team’s prompt statistics stale; another post does not', () => {
    const qc = new QueryClient();
    const list = promptKeys.list(5, 'slideshow', undefined, undefined);
    const other = promptKeys.list(6, 'slideshow', undefined, undefined);
    qc.setQueryData(list, { pages: [], pageParams: [] });
    qc.setQueryData(other, { pages: [], pageParams: [] });

    applyPromptEvent(qc, { type: 'post.created', team_id: 5, post: buildPost({ id: 9, type_id: PostType.text }) });
    expect(qc.getQueryState(list)?.isInvalidated).toBe(false);

    applyPromptEvent(qc, {
      type: 'post.created',
      team_id: 5,
      post: buildPost({ id: 10, type_id: PostType.slideshow }),
    });
    expect(qc.getQueryState(list)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
