import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PostType, PromptMessages, Routes } from '@rally/contract';
import { signIn } from '../../../test/render';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import {
  FakeRecorder,
  TEAM,
  me,
  member,
  promptPost,
  recorder,
  response,
  slideshowPrompt,
  videoPrompt,
  setUpPromptMocks,
} from '../test/prompt-fixtures';
import { PromptPostBody } from './prompt-post-body';

vi.mock('../../../components/media-recorder', () => ({ MediaRecorderDialog: FakeRecorder }));
vi.mock('../../../lib/upload', () => ({ uploadFile: vi.fn(), upload: vi.fn() }));
const { uploadFileMock, uploadMock } = setUpPromptMocks();

const mia = member(31, 'Mia Member');
const leo = member(32, 'Leo Lane');

function serveVideo(prompt: ReturnType<typeof videoPrompt>) {
  let current = prompt;
  server.use(http.get(apiUrl(Routes.video, { id: TEAM, videoId: prompt.id }), () => apiOk(current)));
  return { set: (next: typeof prompt) => (current = next) };
}

describe('a team video card, by who looks at it', () => {
  it('shows the owner Initiated, x of y responded, Publish, and the answers to review; no Respond', async () => {
    signIn();
    const prompt = videoPrompt({
      user: me,
      responses_count: 1,
      max_responses_count: 2,
      members: [member(31, 'Mia Member', { responded_at: '2026-03-05T10:00:00.000Z' }), leo],
      team_video_responses: [response(1, mia)],
    });
    serveVideo(prompt);
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    expect(await screen.findByText('Initiated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 of 2 responded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Review the answers (1)' }));
    expect(await screen.findByRole('button', { name: 'Hide the answer of Mia Member' })).toBeInTheDocument();
  });

  it('offers a member Respond: records a video, uploads it with progress, and then reads Responded To Video', async () => {
    signIn();
    const prompt = videoPrompt({ members: [member(me.id, me.full_name), mia] });
    const served = serveVideo(prompt);
    const progress: number[] = [];
    uploadFileMock.mockImplementation(async (_file, target, onProgress) => {
      expect(target).toEqual({ teamId: TEAM, policy: 'team.teamvideo' });
      for (const p of [0, 60, 100]) {
        onProgress(p);
        progress.push(p);
      }
      return { key: 'uploads/team/5/answer.webm', media_type: 'video' };
    });
    let sent: FormData | undefined;
    server.use(
      http.post(apiUrl(Routes.respondToVideo, { id: TEAM, videoId: 9 }), async ({ request }) => {
        sent = await request.formData();
        served.set({ ...prompt, is_responded: true, responses_count: 1 });
        return HttpResponse.json({ data: response(5, me) }, { status: 201 });
      }),
    );
    const refresh = vi.fn();
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} onRefreshPost={refresh} />);
    expect(await screen.findByText('Not Published')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Respond' }));
    const finish = await screen.findByRole('button', { name: 'Finish recording' });
    expect(recorder.last?.modes).toEqual(['video']);
    expect(recorder.last?.pickerAccept).toEqual({ video: '.mp4' });
    await user.click(finish);

    expect(await screen.findByText('Responded To Video')).toBeInTheDocument();
    expect(progress).toEqual([0, 60, 100]);
    expect(uploadFileMock.mock.calls[0]![0]).toBe(recorder.file);
    expect(sent?.get('media')).toBe('uploads/team/5/answer.webm');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 responded')).toBeInTheDocument();
  });

  it('retries a failed upload with the same recording, without recording again', async () => {
    signIn();
    const prompt = videoPrompt({ members: [member(me.id, me.full_name), mia] });
    serveVideo(prompt);
    uploadFileMock
      .mockRejectedValueOnce(new Error('Network error. Check your connection and try again.'))
      .mockResolvedValueOnce({ key: 'uploads/team/5/answer.webm', media_type: 'video' });
    server.use(
      http.post(apiUrl(Routes.respondToVideo, { id: TEAM, videoId: 9 }), () =>
        HttpResponse.json({ data: response(5, me) }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    await user.click(await screen.findByRole('button', { name: 'Respond' }));
    await user.click(await screen.findByRole('button', { name: 'Finish recording' }));
    expect(await screen.findByText('Network error. Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(PromptMessages.responseSent)).toBeInTheDocument();
    expect(uploadFileMock).toHaveBeenCalledTimes(2);
    expect(uploadFileMock.mock.calls[1]![0]).toBe(recorder.file);
  });

  it('is read-only for a member who answered or when every answer is in: Not Published, no Respond', async () => {
    signIn();
    const prompt = videoPrompt({ is_responded: true, responses_count: 1, max_responses_count: 2 });
    serveVideo(prompt);
    renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    expect(await screen.findByText('Responded To Video')).toBeInTheDocument();
    expect(screen.getByText('Not Published')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows the encoding overlay while the question video converts', async () => {
    signIn();
    const prompt = videoPrompt({ media: null, media_status: 'encoding', poster: null });
    serveVideo(prompt);
    renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    expect(await screen.findByText(PromptMessages.videoEncoding)).toBeInTheDocument();
  });
});

describe('who responded', () => {
  it('lists Responded with the date, Response Awaits with Remind for the owner; a reminder is sent once per popover', async () => {
    signIn();
    const prompt = videoPrompt({
      user: me,
      responses_count: 1,
      members: [member(31, 'Mia Member', { responded_at: '2026-03-05T10:00:00.000Z' }), leo],
    });
    serveVideo(prompt);
    const reminded: string[] = [];
    server.use(
      http.post(apiUrl(Routes.remindVideo, { id: TEAM, videoId: 9, userId: 32 }), () => {
        reminded.push('32');
        return apiOk({ ...leo, reminded_at: new Date().toISOString() });
      }),
    );
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    await user.click(await screen.findByRole('button', { name: '1 of 2 responded' }));
    const list = await screen.findByRole('list', { name: 'Who responded' });
    expect(within(list).getByText('Responded Mar 05, 2026')).toBeInTheDocument();
    expect(within(list).getByText('Response Awaits')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Remind Mia Member' })).not.toBeInTheDocument();

    const remind = within(list).getByRole('button', { name: 'Remind Leo Lane' });
    await user.click(remind);
    expect(await screen.findByText(PromptMessages.reminderSent)).toBeInTheDocument();
    expect(remind).toBeDisabled();
    expect(remind).toHaveTextContent('Reminded');
    fireEvent.click(remind);
    expect(reminded).toEqual(['32']);
  });

  it('says Not Responded once published, and offers a member no Remind', async () => {
    signIn();
    const prompt = videoPrompt({
      published: true,
      published_at: '2026-03-06T10:00:00.000Z',
      responses_count: 1,
      members: [member(31, 'Mia Member', { responded_at: '2026-03-05T10:00:00.000Z' }), leo],
      team_video_responses: [response(1, mia)],
    });
    serveVideo(prompt);
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    await user.click(await screen.findByRole('button', { name: '1 of 2 responded' }));
    const list = await screen.findByRole('list', { name: 'Who responded' });
    expect(within(list).getByText('Not Responded')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
  });
});

describe('publishing', () => {
  it('publishes (owner only), hands the published post to the page, and plays the answers in one player', async () => {
    signIn();
    const answers = [response(1, mia), response(2, leo)];
    const prompt = videoPrompt({ user: me, responses_count: 2, team_video_responses: answers });
    const served = serveVideo(prompt);
    const published = { ...prompt, published: true, published_at: '2026-03-06T10:00:00.000Z' };
    server.use(
      http.post(apiUrl(Routes.publishVideo, { id: TEAM, videoId: 9 }), () => {
        served.set(published);
        return apiOk(promptPost(published));
      }),
    );
    const changed = vi.fn();
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} onPostChanged={changed} />);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(PromptMessages.published)).toBeInTheDocument();
    expect(changed).toHaveBeenCalledWith(expect.objectContaining({ id: 80 }));
    expect(await screen.findByRole('region', { name: `Answers to ${prompt.topic}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Published \d/)).toBeInTheDocument();
  });

  it('refuses to publish with the server’s message', async () => {
    signIn();
    const prompt = videoPrompt({ user: me });
    serveVideo(prompt);
    server.use(
      http.post(apiUrl(Routes.publishVideo, { id: TEAM, videoId: 9 }), () =>
        apiError(409, PromptMessages.nothingToPublish),
      ),
    );
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(PromptMessages.nothingToPublish)).toBeInTheDocument();
  });

  it('hides an answer before publishing', async () => {
    signIn();
    const prompt = videoPrompt({ user: me, responses_count: 1, team_video_responses: [response(1, mia)] });
    const served = serveVideo(prompt);
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.hideVideoResponse, { id: TEAM, videoId: 9, responseId: 1 }), async ({ request }) => {
        body = await request.json();
        served.set({ ...prompt, team_video_responses: [response(1, mia, { hidden: true })] });
        return apiOk(response(1, mia, { hidden: true }));
      }),
    );
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt)} />);
    await user.click(await screen.findByRole('button', { name: 'Review the answers (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Hide the answer of Mia Member' }));
    expect(await screen.findByText(PromptMessages.responseHidden)).toBeInTheDocument();
    expect(body).toEqual({ hidden: true });
    expect(await screen.findByRole('button', { name: 'Show the answer of Mia Member' })).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
  });
});

describe('a slideshow card', () => {
  it('lets a member answer with images and captions, sent multipart with progress', async () => {
    signIn();
    const prompt = slideshowPrompt({ members: [member(me.id, me.full_name), mia] });
    server.use(http.get(apiUrl(Routes.slideshow, { id: TEAM, slideshowId: 12 }), () => apiOk(prompt)));
    let sent: FormData | undefined;
    uploadMock.mockImplementation(async (url, body, options) => {
      expect(String(url)).toMatch(/\/api\/user\/team\/5\/slideshow\/12$/);
      expect(options?.method).toBe('POST');
      sent = body as FormData;
      options?.onProgress?.(50);
      return { data: [response(7, me, { media_type: 'photo' })] };
    });
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt, PostType.slideshow)} />);
    await user.click(await screen.findByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond with images' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(PromptMessages.imagesRequired)).toBeInTheDocument();

    const input = within(dialog).getByTestId('slideshow-response-input');
    // The picker's accept list aside, a file of another type is refused with a message.
    fireEvent.change(input, { target: { files: [new File(['gif'], 'cat.gif', { type: 'image/gif' })] } });
    expect(await within(dialog).findByText(PromptMessages.imagesOnly)).toBeInTheDocument();
    await user.upload(input, [
      new File(['a'], 'desk.png', { type: 'image/png' }),
      new File(['b'], 'window.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(within(dialog).getByLabelText('Caption of image 1'), 'My desk');
    await user.type(within(dialog).getByLabelText('Caption of image 2'), 'The view');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(PromptMessages.responseSent)).toBeInTheDocument();
    expect((sent!.getAll('media') as File[]).map((f) => f.name)).toEqual(['desk.png', 'window.jpg']);
    expect(sent!.getAll('caption')).toEqual(['My desk', 'The view']);
  });

  it('refuses a sixth image', async () => {
    signIn();
    const prompt = slideshowPrompt({ members: [member(me.id, me.full_name), mia] });
    server.use(http.get(apiUrl(Routes.slideshow, { id: TEAM, slideshowId: 12 }), () => apiOk(prompt)));
    const { user } = renderWithProviders(<PromptPostBody post={promptPost(prompt, PostType.slideshow)} />);
    await user.click(await screen.findByRole('button', { name: 'Respond' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respond with images' });
    const files = [1, 2, 3, 4, 5, 6].map((n) => new File([String(n)], `p${n}.png`, { type: 'image/png' }));
    await user.upload(within(dialog).getByTestId('slideshow-response-input'), files);
    expect(await within(dialog).findByText(PromptMessages.tooManyImages)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Caption of image 1')).not.toBeInTheDocument();
  });

  it('is read-only for the coach’s question seen by the one who asked once published: no Respond, no Publish', async () => {
    signIn();
    const prompt = slideshowPrompt({
      user: me,
      published: true,
      published_at: '2026-03-06T10:00:00.000Z',
      slideshow_responses: [response(3, mia, { media_type: 'photo', media: '/files/a.png', caption: 'Hi' })],
    });
    server.use(http.get(apiUrl(Routes.slideshow, { id: TEAM, slideshowId: 12 }), () => apiOk(prompt)));
    renderWithProviders(<PromptPostBody post={promptPost(prompt, PostType.slideshow)} />);
    expect(await screen.findByRole('img', { name: 'Mia Member: Hi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Respond' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Published \d/)).toBeInTheDocument());
  });
});
