import { afterEach, beforeEach, vi } from 'vitest';
import {
  PostType,
  type PostDto,
  type PromptMemberDto,
  type PromptResponseDto,
  type SlideshowDto,
  type TeamVideoDto,
} from '@rally/contract';
import { buildPost } from '../../../test/post-fixtures';
import { testUser } from '../../../test/server';
import type { MediaRecorderDialogProps } from '../../../components/media-recorder/types';
import { upload, uploadFile } from '../../../lib/upload';

export const TEAM = 5;
export const me = { id: testUser.id, full_name: testUser.full_name, avatar: null };
export const coach = { id: 40, full_name: 'Cora Coach', avatar: null };

export const member = (id: number, full_name: string, over: Partial<PromptMemberDto> = {}): PromptMemberDto => ({
  id,
  full_name,
  avatar: null,
  responded_at: null,
  reminded_at: null,
  ...over,
});

export const response = (
  id: number,
  user: { id: number; full_name: string },
  over: Partial<PromptResponseDto> = {},
): PromptResponseDto => ({
  id,
  user: { ...user, avatar: null },
  media: `/files/answer-${id}.mp4`,
  media_type: 'video',
  media_status: 'ready',
  poster: `/files/answer-${id}.jpg`,
  caption: null,
  duration: 10,
  hidden: false,
  created_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

/** A team video (id 9, post 80) asked by `asker`, to the members given. */
export function videoPrompt(over: Partial<TeamVideoDto> = {}): TeamVideoDto {
  return {
    id: 9,
    team_id: TEAM,
    post_id: 80,
    topic: 'What made this week great?',
    content: null,
    media: '/files/question.mp4',
    media_type: 'video',
    media_status: 'ready',
    poster: '/files/question.jpg',
    user: coach,
    created_at: '2026-03-04T10:00:00.000Z',
    published: false,
    published_at: null,
    is_responded: false,
    responses_count: 0,
    max_responses_count: 2,
    members: [],
    team_video_responses: [],
    ...over,
  };
}

export function slideshowPrompt(over: Partial<SlideshowDto> = {}): SlideshowDto {
  const { team_video_responses: _none, ...video } = videoPrompt();
  return {
    ...video,
    id: 12,
    post_id: 81,
    topic: 'Show us your desk',
    content: 'One picture or a few.',
    media: '/files/question.png',
    media_type: 'photo',
    poster: null,
    slideshow_responses: [],
    ...over,
  };
}

/** The timeline post of a prompt (type 6 or 11), as the feed carries it. */
export function promptPost(prompt: TeamVideoDto | SlideshowDto, type: number = PostType.teamvideo): PostDto {
  return buildPost({
    id: prompt.post_id,
    type_id: type,
    team_id: TEAM,
    user: prompt.user,
    data: {
      topic: prompt.topic,
      content: prompt.content,
      media: prompt.media,
      media_type: prompt.media_type,
      media_status: prompt.media_status,
      poster: prompt.poster,
      published: prompt.published,
      published_at: prompt.published_at,
      is_responded: prompt.is_responded,
      responses_count: prompt.responses_count,
      max_responses_count: prompt.max_responses_count,
      ...(type === PostType.teamvideo ? { video_id: prompt.id } : { slideshow_id: prompt.id }),
    },
  });
}

/** The recorder dialog as the tests drive it: what it was opened with, and a button that ends it with `file`. */
export const recorder = {
  last: undefined as MediaRecorderDialogProps | undefined,
  file: new File(['webm'], 'recording.webm', { type: 'video/webm' }),
};
export function FakeRecorder(props: MediaRecorderDialogProps) {
  if (!props.open) return null;
  recorder.last = props;
  return (
    <div role="dialog" aria-label={props.title ?? 'Recorder'}>
      <button type="button" onClick={() => props.onDone(recorder.file, props.modes[0]!)}>
        Finish recording
      </button>
    </div>
  );
}
/** Object URLs and media playback, which jsdom lacks; answers the `play` spy. */
export const stubMedia = () => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  return vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
};

/**
 * The set-up of a test that mocks the recorder and the upload calls (their `vi.mock` stays in the
 * test file, where it is hoisted above the imports): media stubs, no recording yet and fresh upload
 * mocks before each test; real timers and spies after. Answers the upload mocks.
 */
export function setUpPromptMocks() {
  const uploadFileMock = vi.mocked(uploadFile);
  const uploadMock = vi.mocked(upload);
  beforeEach(() => {
    stubMedia();
    recorder.last = undefined;
    uploadFileMock.mockReset();
    uploadMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return { uploadFileMock, uploadMock };
}
