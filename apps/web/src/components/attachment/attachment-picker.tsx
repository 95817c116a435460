import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Limits, PostMessages } from '@rally/contract';
import type { UploadedFile } from '../../lib/upload';
import type { RecorderMode } from '../media-recorder/types';

export type AttachmentKind = 'photo' | 'video' | 'audio';

/** A file chosen for a post: what it is, a local URL for its preview, and its upload once done. */
export interface Attachment {
  file: File;
  kind: AttachmentKind;
  /** An object URL of the file, for the preview (revoked by the form that holds it). */
  url: string;
  /** The upload key, once the file is uploaded; kept so a failed post is retried without uploading again. */
  uploaded?: UploadedFile;
}

/** The generic picker's files (spec §5): one .png, .jpg, .jpeg, .mp4 or .mp3, within the upload limits. */
const KINDS: Record<string, { kind: AttachmentKind; maxBytes: number }> = {
  png: { kind: 'photo', maxBytes: Limits.imageMaxBytes },
  jpg: { kind: 'photo', maxBytes: Limits.imageMaxBytes },
  jpeg: { kind: 'photo', maxBytes: Limits.imageMaxBytes },
  mp4: { kind: 'video', maxBytes: Limits.videoMaxBytes },
  mp3: { kind: 'audio', maxBytes: Limits.audioMaxBytes },
};
export const ACCEPTED_FILES = '.png,.jpg,.jpeg,.mp4,.mp3';

/** The file as an attachment, or why it cannot be one. */
export function attachmentOf(file: File): Attachment | string {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const type = KINDS[extension];
  if (!type) return PostMessages.uploadTypeUnsupported;
  if (file.size > type.maxBytes) return PostMessages.uploadTooLarge;
  return { file, kind: type.kind, url: URL.createObjectURL(file) };
}

const RECORDED: Record<RecorderMode, { kind: AttachmentKind; maxBytes: number }> = {
  video: { kind: 'video', maxBytes: Limits.videoMaxBytes },
  audio: { kind: 'audio', maxBytes: Limits.audioMaxBytes },
  image: { kind: 'photo', maxBytes: Limits.imageMaxBytes },
};

/**
 * What the media recorder made (or let pick) as an attachment, or why it cannot be one. A
 * recording may be WebM, which the picker's rule (.mp4 and .mp3 only) does not cover: the server
 * converts it to MP4.
 */
export function attachmentOfRecording(file: File, mode: RecorderMode): Attachment | string {
  const type = RECORDED[mode];
  if (file.size > type.maxBytes) return PostMessages.uploadTooLarge;
  return { file, kind: type.kind, url: URL.createObjectURL(file) };
}

/**
 * An upload under way (its progress in percent) or failed (why, and Retry). Retry submits the
 * form again, which uploads the same file: nothing is picked or recorded twice.
 */
export function UploadStatus({ progress, error, busy }: { progress: number; error: string; busy: boolean }) {
  if (busy && progress > 0)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ flex: 1, borderRadius: 1 }}
          aria-label="Upload progress"
        />
        <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ minWidth: 88 }}>
          {`Uploading ${Math.round(progress)}%`}
        </Typography>
      </Stack>
    );
  if (error && !busy)
    return (
      <Alert
        severity="error"
        sx={{ mt: 1, py: 0, alignItems: 'center' }}
        action={
          <Button type="submit" color="inherit" size="small">
            Retry
          </Button>
        }
      >
        {`The upload failed: ${error}`}
      </Alert>
    );
  return null;
}

const ICONS = { photo: <ImageOutlined />, video: <MovieOutlined />, audio: <AudiotrackOutlined /> } as const;

interface Props {
  attachment: Attachment | null;
  onChange: (attachment: Attachment | null) => void;
  /** Upload progress 0–100; 0 shows no bar (spec §4 Posting). */
  progress: number;
  /** Why the last upload failed (shown with Retry), or ''. */
  uploadError?: string;
  disabled?: boolean;
}

/** 'Attach a file' and, once one is chosen, its name with a remove button and the upload's progress. */
export function CreateMediaPicker({ attachment, onChange, progress, uploadError = '', disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const errorId = useId();

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const next = attachmentOf(file);
    if (typeof next === 'string') {
      setError(next);
      return;
    }
    setError('');
    onChange(next);
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_FILES}
        hidden
        onChange={pick}
        aria-label="File to attach"
        data-testid="post-file-input"
      />
      {attachment ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Chip icon={ICONS[attachment.kind]} label={attachment.file.name} variant="outlined" sx={{ minWidth: 0 }} />
          <IconButton size="small" aria-label="Remove attachment" onClick={() => onChange(null)} disabled={disabled}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      ) : (
        <Button
          startIcon={<AttachFileRounded />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby={error ? errorId : undefined}
        >
          Attach a file
        </Button>
      )}
      {error && (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      )}
      <UploadStatus progress={progress} error={uploadError} busy={Boolean(disabled)} />
    </Box>
  );
}

/** A create form's last row: the attachment on the left, the submit button on the right. */
export function AttachmentSubmitRow({
  upload,
  busy,
  submitLabel,
}: {
  upload: {
    attachment: Attachment | null;
    choose: (next: Attachment | null) => void;
    progress: number;
    uploadError: string;
  };
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <CreateMediaPicker
        attachment={upload.attachment}
        onChange={upload.choose}
        progress={upload.progress}
        uploadError={upload.uploadError}
        disabled={busy}
      />
      <Button type="submit" variant="contained" loading={busy} sx={{ flexShrink: 0 }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
