import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PublishRounded from '@mui/icons-material/PublishRounded';
import { useCallback, useRef, useState } from 'react';
import { PostType, PromptMessages, type PostDto, type PromptResponseDto } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { MediaPending, PostMedia } from '../../../components/post-media';
import { ApiError } from '../../../lib/api-client';
import { feedDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../lib/session';
import { useSnackbar } from '../../../lib/snackbar';
import type { UploadedFile } from '../../../lib/upload';
import { usePrompt } from '../api/get-prompt';
import type { PromptKind } from '../api/keys';
import { usePublishPrompt } from '../api/manage-prompt';
import { useRespondToVideo } from '../api/respond';
import { OwnerResponses } from './owner-responses';
import { PlaylistPlayer } from './playlist-player';
import { SlideshowPlayer } from './slideshow-player';
import { VIDEO_ACCEPT } from './image-files';
import { WhoRespondedPopover } from './who-responded-popover';

const MediaRecorderDialog = lazyDialog(() =>
  import('../../../components/media-recorder').then((m) => m.MediaRecorderDialog),
);
const RespondSlideshowDialog = lazyDialog(() =>
  import('./respond-slideshow-dialog').then((m) => m.RespondSlideshowDialog),
);

export interface PromptPostBodyProps {
  post: PostDto;
  /** The post as the server now has it (published): the page puts it in every loaded feed. */
  onPostChanged?: (post: PostDto) => void;
  /** An answer changed the post's counts: the page reads the post again. */
  onRefreshPost?: (post: PostDto) => void;
}

/** The answers the team sees played: given, not hidden, and converted. */
const playable = (responses: readonly PromptResponseDto[]) =>
  responses.filter((r) => !r.hidden && r.media && r.media_status === 'ready');

/** A video answer: recorded (or an .mp4 picked), uploaded with progress, retried without recording again. */
function useVideoAnswer(teamId: number, videoId: number, onAnswered: () => void) {
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const uploaded = useRef<UploadedFile | null>(null);
  const respond = useRespondToVideo(teamId, videoId, setProgress);
  const { enqueueSnackbar } = useSnackbar();

  const send = async (next: File) => {
    if (next !== file) uploaded.current = null;
    setFile(next);
    setError('');
    try {
      await respond.mutateAsync({ file: next, uploaded });
      uploaded.current = null;
      setFile(null);
      enqueueSnackbar(PromptMessages.responseSent, { variant: 'success' });
      onAnswered();
    } catch (err) {
      // A refused upload key (expired, used) is uploaded again on the retry.
      if (err instanceof ApiError && err.errors.media) uploaded.current = null;
      setError(errorMessage(err));
    }
  };
  return { progress, file, error, busy: respond.isPending, send, discard: () => (setFile(null), setError('')) };
}

/**
 * A team video (type 6) or slideshow (type 11) post's body (spec §2–§6): the question's video or
 * image and words; its state (Initiated for the one who asked, Not Published on a read-only card,
 * Published); 'x of y responded' opening who responded; Respond for a member who can still
 * answer; Publish and the answers' review for the owner; once published, the answers in one player.
 */
export function PromptPostBody({ post, onPostChanged, onRefreshPost }: PromptPostBodyProps) {
  const kind: PromptKind = post.type_id === PostType.teamvideo ? 'video' : 'slideshow';
  const promptId = (kind === 'video' ? post.data.video_id : post.data.slideshow_id) ?? 0;
  // A copy shared into another team plays the answers it carries; its prompt lives where it was asked.
  const own = !post.is_forwarded && promptId > 0;
  const prompt = usePrompt(post.team_id, kind, own ? promptId : 0);
  const p = prompt.data;
  const viewerId = useSession()?.user.id ?? 0;
  const isOwner = (p?.user.id ?? post.user.id) === viewerId && !post.is_forwarded;
  const { enqueueSnackbar } = useSnackbar();

  const published = p?.published ?? post.data.published ?? false;
  const publishedAt = p?.published_at ?? post.data.published_at ?? null;
  const responded = p?.is_responded ?? post.data.is_responded ?? false;
  const count = p?.responses_count ?? post.data.responses_count ?? 0;
  const max = p?.max_responses_count ?? post.data.max_responses_count ?? 0;
  const media = p ? p.media : (post.data.media ?? null);
  const status = p ? p.media_status : (post.data.media_status ?? 'ready');
  const poster = p ? p.poster : (post.data.poster ?? null);
  const words = (p ? p.content : (post.data.content ?? post.data.text)) ?? '';
  const topic = p?.topic ?? post.data.topic ?? '';
  const responses = p?.responses ?? post.data.team_video_responses ?? post.data.slideshow_responses ?? [];
  const canRespond = own && !isOwner && !responded && !published && count < max;

  const [whoAnchor, setWhoAnchor] = useState<HTMLElement | null>(null);
  const closeWho = useCallback(() => setWhoAnchor(null), []);
  const [recording, setRecording] = useState(false);
  const [imagesOpen, setImagesOpen] = useState(false);
  const publish = usePublishPrompt(post.team_id, kind, promptId);
  const answered = () => onRefreshPost?.(post);
  const video = useVideoAnswer(post.team_id, promptId, answered);

  const doPublish = async () => {
    try {
      const next = await publish.mutateAsync();
      enqueueSnackbar(PromptMessages.published, { variant: 'success' });
      onPostChanged?.(next);
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  const state = published
    ? `Published${publishedAt ? ` ${feedDate(publishedAt)}` : ''}`
    : isOwner
      ? 'Initiated'
      : 'Not Published';
  const played = playable(responses);

  return (
    <Stack spacing={1.5}>
      {words && (
        <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {words}
        </Typography>
      )}
      {/* The question itself; once published the answers take its place. */}
      {!published &&
        (status === 'encoding' || status === 'failed' ? (
          <MediaPending status={status} />
        ) : media ? (
          <PostMedia
            src={media}
            type={kind === 'video' ? 'video' : 'photo'}
            owner={post.user.full_name}
            poster={poster}
          />
        ) : null)}

      {published &&
        (played.length === 0 ? (
          <Typography color="text.secondary">
            {kind === 'video' ? PromptMessages.noVideoResponses : PromptMessages.noImageResponses}
          </Typography>
        ) : kind === 'video' ? (
          <PlaylistPlayer responses={played} topic={topic} />
        ) : (
          <SlideshowPlayer responses={played} topic={topic} />
        ))}

      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }} useFlexGap>
        <Chip
          size="small"
          label={state}
          color={published ? 'success' : 'default'}
          variant={published ? 'filled' : 'outlined'}
        />
        <Button
          size="small"
          onClick={(e) => setWhoAnchor(whoAnchor ? null : e.currentTarget)}
          aria-expanded={Boolean(whoAnchor)}
          aria-haspopup="dialog"
          disabled={!own}
          sx={{ textTransform: 'none' }}
        >
          {`${count} of ${max} responded`}
        </Button>
        {responded && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.dark' }}>
            <CheckCircleRounded fontSize="small" aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {kind === 'video' ? 'Responded To Video' : 'Responded To Slideshow'}
            </Typography>
          </Stack>
        )}
        <Box sx={{ flex: 1 }} />
        {canRespond && !video.file && (
          <Button variant="contained" onClick={() => (kind === 'video' ? setRecording(true) : setImagesOpen(true))}>
            Respond
          </Button>
        )}
        {isOwner && own && !publishedAt && (
          <Button
            variant="contained"
            startIcon={<PublishRounded />}
            onClick={() => void doPublish()}
            loading={publish.isPending}
          >
            Publish
          </Button>
        )}
      </Stack>

      {video.file && (
        <Box>
          {video.busy && (
            <>
              <Typography variant="body2" color="text.secondary">
                Sending your answer…
              </Typography>
              <LinearProgress
                variant={video.progress > 0 ? 'determinate' : 'indeterminate'}
                value={video.progress}
                aria-label="Upload progress"
                sx={{ mt: 0.5, borderRadius: 1 }}
              />
            </>
          )}
          {video.error && (
            <Alert
              severity="error"
              action={
                <Stack direction="row" spacing={0.5}>
                  <Button color="inherit" size="small" onClick={() => void video.send(video.file!)}>
                    Retry
                  </Button>
                  <Button color="inherit" size="small" onClick={video.discard}>
                    Discard
                  </Button>
                </Stack>
              }
            >
              {video.error}
            </Alert>
          )}
        </Box>
      )}

      {isOwner && p && !published && <OwnerResponses prompt={p} />}

      <WhoRespondedPopover anchorEl={whoAnchor} onClose={closeWho} prompt={p} isOwner={isOwner} />
      {kind === 'video' ? (
        <MediaRecorderDialog
          open={recording}
          modes={['video']}
          title="Record your answer"
          pickerAccept={{ video: VIDEO_ACCEPT }}
          onClose={() => setRecording(false)}
          onDone={(file) => {
            setRecording(false);
            void video.send(file);
          }}
        />
      ) : (
        <RespondSlideshowDialog
          open={imagesOpen}
          teamId={post.team_id}
          slideshowId={promptId}
          topic={topic}
          onClose={() => setImagesOpen(false)}
          onResponded={answered}
        />
      )}
    </Stack>
  );
}
