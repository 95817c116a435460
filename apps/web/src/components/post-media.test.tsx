import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PromptMessages } from '@rally/contract';
import { PostMedia } from './post-media';

describe('PostMedia: a converted recording', () => {
  it('shows that the video is encoding in its place, then the video with its poster', () => {
    const { rerender } = render(<PostMedia src={null} type="video" owner="Bea Author" status="encoding" />);
    expect(screen.getByRole('status')).toHaveTextContent(PromptMessages.videoEncoding);
    expect(screen.getByRole('status').querySelector('[role="progressbar"]')).not.toBeNull();
    expect(screen.queryByLabelText('Video from Bea Author')).not.toBeInTheDocument();

    rerender(
      <PostMedia
        src="https://files.example/v.mp4"
        type="video"
        owner="Bea Author"
        status="ready"
        poster="https://files.example/v.jpg"
      />,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const video = screen.getByLabelText('Video from Bea Author');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'https://files.example/v.mp4');
    expect(video).toHaveAttribute('poster', 'https://files.example/v.jpg');
  });

  it('says so when the conversion failed', () => {
    render(<PostMedia src={null} type="audio" owner="Bea Author" status="failed" compact />);
    expect(screen.getByRole('status')).toHaveTextContent(PromptMessages.encodingFailed);
    expect(screen.queryByLabelText('Audio from Bea Author')).not.toBeInTheDocument();
  });
});
