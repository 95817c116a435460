import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noEngagement, type CommentDto, type EngagementDto } from '@rally/contract';
import { FakeMediaRecorder, stubMedia, unstubMedia } from '../../../test/fake-media';
import { renderWithProviders } from '../../../test/team-fixtures';
import { testUser } from '../../../test/server';
import { uploadFile, type UploadedFile } from '../../../lib/upload';
import type { EngagementSubject } from '../api/subject';
import { CommentComposer } from './comment-composer';

vi.mock('../../../lib/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const TEAM = 5;
const me = { id: testUser.id, full_name: 'Ada Lovelace', avatar: null };

function subject(): EngagementSubject & { comment: ReturnType<typeof vi.fn> } {
  const comment = vi.fn(
    async (body: {
      content?: string | null;
      media?: string | null;
    }): Promise<CommentDto & { engagement: EngagementDto }> => ({
      id: 900,
      content: body.content ?? null,
      media: 'https://files.example/recording.webm',
      media_type: 'video',
      media_status: 'encoding',
      poster: null,
      created_at: '2026-11-26T10:00:00Z',
      user: me,
      engagement: { ...noEngagement(), expressions_count: 1, user_expressed: true },
    }),
  );
  return {
    id: 70,
    teamId: TEAM,
    engagement: noEngagement(),
    keys: { comments: ['comments', TEAM, 70], reactions: ['reactions', TEAM, 70] },
    react: vi.fn(),
    comments: vi.fn(),
    comment,
    reactions: vi.fn(),
    apply: vi.fn(),
  };
}

/** A promise the test settles when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
  upload.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  unstubMedia();
});

describe('CommentComposer: a recorded engagement', () => {
  it('records a video, uploads it with its progress and, after a failed upload, retries the same file', async () => {
    stubMedia({ supported: ['video/webm;codecs=vp8,opus'] });
    const target = subject();
    renderWithProviders(<CommentComposer subject={target} me={me} />);

    fireEvent.click(screen.getByRole('button', { name: 'Record a video, audio or photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an engagement' });
    expect(within(dialog).getByRole('button', { name: 'Video', pressed: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Audio' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Image' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Record' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(FakeMediaRecorder.all).toHaveLength(1);
    expect(screen.getByText('recording.webm')).toBeInTheDocument();

    // The first upload reaches 40 % and fails.
    const first = deferred<UploadedFile>();
    upload.mockImplementationOnce((_file, _target, onProgress) => {
      onProgress(40);
      return first.promise;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post engagement' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading 40%')).toBeInTheDocument();
    first.reject(new Error('The network is unreachable. Please try again.'));

    const failure = await screen.findByText('The upload failed: The network is unreachable. Please try again.');
    expect(target.comment).not.toHaveBeenCalled();
    // The recording stays: nothing to record again.
    expect(screen.getByText('recording.webm')).toBeInTheDocument();
    const recorded = upload.mock.calls[0]![0];
    expect([recorded.name, recorded.type]).toEqual(['recording.webm', 'video/webm']);
    expect(upload.mock.calls[0]![1]).toEqual({ teamId: TEAM, policy: 'expression' });

    upload.mockImplementationOnce(async (_file, _target, onProgress) => {
      onProgress(100);
      return { key: 'uploads/team/5/rec.webm', media_type: 'video' };
    });
    fireEvent.click(within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(target.comment).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(recorded);
    expect(target.comment).toHaveBeenCalledWith(
      expect.objectContaining({ media: 'uploads/team/5/rec.webm', media_type: 'video', media_type_id: 3 }),
    );
    await waitFor(() => expect(screen.queryByText('recording.webm')).not.toBeInTheDocument());
    expect(screen.queryByText(/The upload failed/)).not.toBeInTheDocument();
  });

  it('attaches a recorded audio as audio', async () => {
    stubMedia({ supported: ['audio/webm;codecs=opus'] });
    const target = subject();
    upload.mockResolvedValue({ key: 'uploads/team/5/rec.webm', media_type: 'audio' });
    renderWithProviders(<CommentComposer subject={target} me={me} />);

    fireEvent.click(screen.getByRole('button', { name: 'Record a video, audio or photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an engagement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Audio' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Record' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Post engagement' }));
    await waitFor(() => expect(target.comment).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0].type).toBe('audio/webm');
    expect(target.comment).toHaveBeenCalledWith(expect.objectContaining({ media_type: 'audio', media_type_id: 4 }));
  });
});
