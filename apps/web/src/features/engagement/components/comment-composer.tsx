import { Box, FormHelperText, IconButton, InputBase, Stack, Typography } from '@mui/material';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import VideoCallOutlined from '@mui/icons-material/VideoCallOutlined';
import { useId, useRef, useState, type Ref } from 'react';
import { useController, useForm } from 'react-hook-form';
import { type CommentData, type CommentInput, type UserRefDto, PostMessages } from '@rally/contract';
import {
  ACCEPTED_FILES,
  UploadStatus,
  attachmentOf,
  attachmentOfRecording,
  type AttachmentKind,
} from '../../../components/attachment/attachment-picker';
import { CHOSEN_FILE, mediaFields, useAttachmentUpload } from '../../../components/attachment/use-attachment-upload';
import { MediaRecorderDialog, type RecorderMode } from '../../../components/media-recorder';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { formResolver } from '../../../lib/form-resolver';
import { useSnackbar } from '../../../lib/snackbar';
import { useSendComment } from '../api/comments';
import type { EngagementSubject } from '../api/subject';

/** Spec §3: a comment is recorded as a video or audio, or a picture is taken; the picker keeps §5's files. */
const RECORDER_MODES: readonly RecorderMode[] = ['video', 'audio', 'image'];
const RECORDER_PICKER = { video: '.mp4', audio: '.mp3', image: '.png,.jpg,.jpeg' } as const;
const KIND_ICONS: Record<AttachmentKind, typeof AttachFileRounded> = {
  photo: ImageOutlined,
  video: MovieOutlined,
  audio: AudiotrackOutlined,
};

interface Props {
  /** The post or task commented on. */
  subject: EngagementSubject;
  me: UserRefDto;
  inputRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

/**
 * Writes a comment ("engagement"): text of at least 4 characters unless a .png, .jpg, .jpeg, .mp4
 * or .mp3 file is attached (spec §5) or a video, audio or picture is recorded (§3, the media
 * recorder), chosen and uploaded as every form's attachment is (components/attachment). The file
 * is uploaded first, with its progress in percent; on success the form resets, and on failure what
 * was typed and attached stays (decisions.md), with Retry for a failed upload.
 */
export function CommentComposer({ subject, me, inputRef, autoFocus }: Props) {
  const comment = useSendComment(subject);
  const { enqueueSnackbar } = useSnackbar();
  const [fileError, setFileError] = useState('');
  const [recording, setRecording] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const { control, handleSubmit, reset, setValue, formState } = useForm<CommentInput, unknown, CommentData>({
    resolver: formResolver((s) => s.commentSchema),
    defaultValues: { content: '', media: null },
  });
  const { field, fieldState } = useController({ control, name: 'content' });
  const { attachment, progress, uploadError, choose, uploaded, failed, clear } = useAttachmentUpload(
    subject.teamId,
    'expression',
    (chosen) => setValue('media', chosen ? CHOSEN_FILE : null, { shouldValidate: formState.isSubmitted }),
  );
  const file = attachment?.file ?? null;

  const pick = (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!chosen) return;
    const next = attachmentOf(chosen);
    if (typeof next === 'string') {
      setFileError(next);
      return;
    }
    setFileError('');
    choose(next);
  };

  const recorded = (made: File, mode: RecorderMode) => {
    setRecording(false);
    const next = attachmentOfRecording(made, mode);
    if (typeof next === 'string') {
      setFileError(next);
      return;
    }
    setFileError('');
    choose(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const media = await uploaded();
      await comment.mutateAsync({ content: values.content, ...(media ? mediaFields(media) : {}) });
      reset({ content: '', media: null });
      clear();
    } catch (err) {
      if (!failed(err)) enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  });

  const busy = formState.isSubmitting;
  const KindIcon = attachment ? KIND_ICONS[attachment.kind] : AttachFileRounded;
  const error = fieldState.error?.message ?? fileError;
  const errorId = `${id}-error`;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Write an engagement">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <UserAvatar name={me.full_name} src={me.avatar} sx={{ width: 32, height: 32, mt: 0.5 }} />
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'flex-end',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 5,
            pl: 1.5,
            pr: 0.5,
            bgcolor: 'background.paper',
          }}
        >
          <InputBase
            inputRef={(el: HTMLTextAreaElement | null) => {
              field.ref(el);
              if (typeof inputRef === 'function') inputRef(el);
              else if (inputRef) inputRef.current = el;
            }}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={PostMessages.commentPlaceholder}
            multiline
            maxRows={6}
            autoFocus={autoFocus}
            disabled={busy}
            fullWidth
            sx={{ py: 0.75, fontSize: 15 }}
            inputProps={{
              'aria-label': PostMessages.commentPlaceholder,
              'aria-invalid': Boolean(fieldState.error),
              'aria-describedby': error ? errorId : undefined,
            }}
          />
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_FILES}
            hidden
            aria-label="Attachment file"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <IconButton
            size="small"
            aria-label="Attach a file"
            title="Attach a photo (.png, .jpg), a video (.mp4) or audio (.mp3)"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <AttachFileRounded fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label="Record a video, audio or photo"
            title="Record a video or audio, or take a photo"
            disabled={busy}
            onClick={() => setRecording(true)}
          >
            <VideoCallOutlined fontSize="small" />
          </IconButton>
          <IconButton size="small" type="submit" color="primary" aria-label="Post engagement" loading={busy}>
            <SendRounded fontSize="small" />
          </IconButton>
        </Box>
      </Stack>
      <Box sx={{ pl: 5 }}>
        {file && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
            <KindIcon fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }} title={file.name}>
              {file.name}
            </Typography>
            <IconButton size="small" aria-label="Remove attachment" onClick={() => choose(null)} disabled={busy}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </Stack>
        )}
        {file && <UploadStatus progress={progress} error={uploadError} busy={busy} />}
        {error && (
          <FormHelperText id={errorId} error>
            {error}
          </FormHelperText>
        )}
      </Box>
      <MediaRecorderDialog
        open={recording}
        modes={RECORDER_MODES}
        title="Record an engagement"
        pickerAccept={RECORDER_PICKER}
        onClose={() => setRecording(false)}
        onDone={recorded}
      />
    </Box>
  );
}
