import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostType, PromptMessages } from '@rally/contract';
import { buildPost } from '../../../test/post-fixtures';
import { PostBody } from './post-body';

describe('PostBody: an attached recording', () => {
  it('a post whose video is still converting (no URL yet) shows the overlay, not nothing', () => {
    const post = buildPost({
      type_id: PostType.text,
      data: { content: 'Look at this', media: null, media_type: 'video', media_status: 'encoding', poster: null },
    });
    render(
      <MemoryRouter>
        <PostBody post={post} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Look at this')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PromptMessages.videoEncoding);
  });
});
