import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PostMessages, PostType, PromptMessages, Routes } from '@rally/contract';
import { expectFieldError, fill } from '../../../test/helpers';
import { signIn } from '../../../test/render';
import { apiError, apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import {
  FakeRecorder,
  TEAM,
  promptPost,
  recorder,
  slideshowPrompt,
  videoPrompt,
  setUpPromptMocks,
} from '../test/prompt-fixtures';
import { CreateSlideshowForm } from './create-slideshow-form';
import { CreateVideoForm } from './create-video-form';

vi.mock('../../../components/media-recorder', () => ({ MediaRecorderDialog: FakeRecorder }));
vi.mock('../../../lib/upload', () => ({ uploadFile: vi.fn(), upload: vi.fn() }));
const { uploadFileMock, uploadMock } = setUpPromptMocks();

const mp4 = () => new File(['mp4'], 'question.mp4', { type: 'video/mp4' });

describe('creating a team video', () => {
  it('asks for a topic of at least 4 characters and a video, and refuses a file that is not .mp4', async () => {
    signIn();
    const { user } = renderWithProviders(<CreateVideoForm teamId={TEAM} />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expectFieldError('Topic', PromptMessages.topicRequired));
    await fill(user, 'Topic', 'Hey');
    await waitFor(() => expectFieldError('Topic', PromptMessages.topicMin));
    await fill(user, 'Topic', 'What made this week great?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PromptMessages.videoRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('video-file-input'), {
      target: { files: [new File(['mov'], 'clip.mov', { type: 'video/quicktime' })] },
    });
    expect(await screen.findByText(PromptMessages.videoOnly)).toBeInTheDocument();
    expect(uploadFileMock).not.toHaveBeenCalled();
  });

  it('shows a form error for 2000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const { user } = renderWithProviders(<CreateVideoForm teamId={TEAM} />);
    await fill(user, 'Topic', 'What made this week great?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PromptMessages.videoRequired)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(screen.queryByText(PromptMessages.videoRequired)).not.toBeInTheDocument());
  });

  it('uploads the picked .mp4 with progress (team.teamvideo), posts it, and retries a failed post without uploading again', async () => {
    signIn();
    const progress: number[] = [];
    uploadFileMock.mockImplementation(async (_file, target, onProgress) => {
      expect(target).toEqual({ teamId: TEAM, policy: 'team.teamvideo' });
      for (const p of [0, 45, 100]) {
        onProgress(p);
        progress.push(p);
      }
      return { key: 'uploads/team/5/question.mp4', media_type: 'video' };
    });
    const sent: FormData[] = [];
    let fail = true;
    server.use(
      http.post(apiUrl(Routes.createVideo, { id: TEAM }), async ({ request }) => {
        sent.push(await request.formData());
        if (fail) {
          fail = false;
          return apiError(500, 'The server could not save it.');
        }
        return HttpResponse.json({ data: promptPost(videoPrompt()) }, { status: 201 });
      }),
    );
    const onPosted = vi.fn();
    const { user } = renderWithProviders(<CreateVideoForm teamId={TEAM} onPosted={onPosted} />);
    await fill(user, 'Topic', 'What made this week great?');
    await user.upload(screen.getByTestId('video-file-input'), mp4());
    expect(screen.getByText('question.mp4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('The server could not save it.')).toBeInTheDocument();
    expect(progress).toEqual([0, 45, 100]);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(PostMessages.postCreated)).toBeInTheDocument();
    expect(uploadFileMock).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('topic')).toBe('What made this week great?');
    expect(sent[1]!.get('media')).toBe('uploads/team/5/question.mp4');
    expect(onPosted).toHaveBeenCalledWith(expect.objectContaining({ id: 80, type_id: PostType.teamvideo }));
    expect(screen.getByLabelText('Topic')).toHaveValue('');
  });

  it('records the video in the recorder dialog instead', async () => {
    signIn();
    const { user } = renderWithProviders(<CreateVideoForm teamId={TEAM} />);
    await user.click(screen.getByRole('button', { name: 'Record a video' }));
    await user.click(await screen.findByRole('button', { name: 'Finish recording' }));
    expect(recorder.last?.modes).toEqual(['video']);
    expect(screen.getByText('recording.webm')).toBeInTheDocument();
  });
});

describe('creating a slideshow', () => {
  it('counts the topic up to 300, the description up to 500, and asks for one image of the right type', async () => {
    signIn();
    const { user } = renderWithProviders(<CreateSlideshowForm teamId={TEAM} />);
    await fill(user, 'Topic', 'x'.repeat(301));
    await fill(user, 'Description', 'y'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expectFieldError('Topic', PromptMessages.slideshowTopicMax));
    expectFieldError('Description', PromptMessages.slideshowContentMax);
    expect(screen.getByText('301 / 300')).toBeInTheDocument();
    await fill(user, 'Topic', 'Show us your desk');
    await fill(user, 'Description', '');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(PromptMessages.imagesRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('slideshow-file-input'), {
      target: { files: [new File(['gif'], 'cat.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText(PromptMessages.imagesOnly)).toBeInTheDocument();
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('sends topic, description and image as one multipart POST with progress', async () => {
    signIn();
    let sent: FormData | undefined;
    // The upload stays in flight until the test has seen its progress (a fixed delay was missed
    // by findByRole's polling on a loaded machine).
    let finishUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (finishUpload = resolve));
    uploadMock.mockImplementation(async (url, body, options) => {
      expect(String(url)).toMatch(/\/api\/user\/team\/5\/slideshow$/);
      expect(options?.method).toBe('POST');
      sent = body as FormData;
      options?.onProgress?.(30);
      await uploadHeld;
      return { data: promptPost(slideshowPrompt(), PostType.slideshow) };
    });
    const onPosted = vi.fn();
    const { user } = renderWithProviders(<CreateSlideshowForm teamId={TEAM} onPosted={onPosted} />);
    await fill(user, 'Topic', 'Show us your desk');
    await fill(user, 'Description', 'One picture or a few.');
    await user.upload(screen.getByTestId('slideshow-file-input'), new File(['png'], 'desk.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '30');
    finishUpload();
    expect(await screen.findByText(PostMessages.postCreated)).toBeInTheDocument();
    expect(sent!.get('topic')).toBe('Show us your desk');
    expect(sent!.get('content')).toBe('One picture or a few.');
    expect((sent!.get('media') as File).name).toBe('desk.png');
    expect(onPosted).toHaveBeenCalledWith(expect.objectContaining({ type_id: PostType.slideshow }));
  });
});
