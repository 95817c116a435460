import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Timing, PostMessages, PromptMessages, type CreateVideoInput, type PostDto } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { uploadFile, type UploadedFile } from '../../../lib/upload';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { createVideo, useCreatePrompt } from '../api/create-prompt';
import { VIDEO_ACCEPT, videoProblem } from './image-files';
import { PromptFormFrame } from './prompt-form-frame';

const MediaRecorderDialog = lazyDialog(() =>
  import('../../../components/media-recorder').then((m) => m.MediaRecorderDialog),
);

type VideoValues = { topic: string; media: string | null };

interface Props {
  teamId: number;
  /** The post is made: the page puts it on top of the feeds. */
  onPosted?: (post: PostDto) => void;
  /** The panel may close. */
  onDone?: () => void;
}

/**
 * A team video (spec §3, §5): a topic of at least 4 characters and a video, an .mp4 picked or a
 * recording made in the browser. The video is uploaded on Post with progress (policy
 * `team.teamvideo`) and kept uploaded, so a failed post is sent again without uploading again; a
 * failed upload is tried again with the same file, never a new recording.
 */
export function CreateVideoForm({ teamId, onPosted, onDone }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [error, showError] = useTimedMessage(Timing.formErrorMs);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [recording, setRecording] = useState(false);
  const [failed, setFailed] = useState(false);
  const uploaded = useRef<UploadedFile | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const create = useCreatePrompt(
    ({ topic, key }: { topic: string; key: string }) => createVideo(teamId, topic, key),
    onPosted,
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<CreateVideoInput, unknown, VideoValues>({
    resolver: formResolver((s) => s.createVideoForm),
    defaultValues: { topic: '', media: null },
  });

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (next: File | null) => {
    uploaded.current = null;
    setFailed(false);
    setFile(next);
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.files?.[0];
    e.target.value = '';
    if (!next) return;
    const problem = videoProblem(next);
    if (problem) return showError(problem);
    choose(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!file) return showError(PromptMessages.videoRequired);
    try {
      if (!uploaded.current) {
        try {
          uploaded.current = await uploadFile(file, { teamId, policy: 'team.teamvideo' }, setProgress);
        } finally {
          setProgress(0);
        }
      }
      await create.mutateAsync({ topic: values.topic, key: uploaded.current.key });
      reset();
      choose(null);
      enqueueSnackbar(PostMessages.postCreated, { variant: 'success' });
      onDone?.();
    } catch (err) {
      setFailed(true);
      if (err instanceof ApiError && err.errors.media) uploaded.current = null;
      const message = applyServerErrors(err, setError, ['topic']);
      showError(message || errorMessage(err));
    }
  });
  const busy = formState.isSubmitting;

  return (
    <PromptFormFrame
      onSubmit={onSubmit}
      error={error}
      control={control}
      topicPlaceholder="What should the team answer on video?"
      busy={busy}
      progress={progress}
      submitLabel={failed ? 'Retry' : 'Post'}
    >
      <input
        ref={input}
        type="file"
        accept={VIDEO_ACCEPT}
        hidden
        onChange={pick}
        aria-label="Video to post"
        data-testid="video-file-input"
      />
      {file && preview ? (
        <Box>
          <Box
            component="video"
            src={preview}
            controls
            preload="metadata"
            aria-label="Your video"
            sx={{ display: 'block', width: '100%', maxHeight: 220, borderRadius: 1, bgcolor: 'common.black' }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', mt: 1, minWidth: 0 }}>
            <Chip icon={<MovieOutlined />} label={file.name} variant="outlined" sx={{ minWidth: 0 }} />
            <IconButton size="small" aria-label="Remove video" onClick={() => choose(null)} disabled={busy}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Stack>
        </Box>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
          <Button
            variant="outlined"
            startIcon={<FiberManualRecordRounded color="error" />}
            onClick={() => setRecording(true)}
            disabled={busy}
          >
            Record a video
          </Button>
          <Button startIcon={<FileUploadOutlined />} onClick={() => input.current?.click()} disabled={busy}>
            Choose an .mp4
          </Button>
        </Stack>
      )}
      <MediaRecorderDialog
        open={recording}
        modes={['video']}
        title="Record the question"
        pickerAccept={{ video: VIDEO_ACCEPT }}
        onClose={() => setRecording(false)}
        onDone={(next) => {
          setRecording(false);
          choose(next);
        }}
      />
    </PromptFormFrame>
  );
}
