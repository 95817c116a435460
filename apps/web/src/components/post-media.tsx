import { Box, CircularProgress, Typography } from '@mui/material';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { PromptMessages, type MediaStatusDto, type MediaTypeNameDto } from '@rally/contract';

interface Props {
  /** The file's signed URL; null while it is being converted (or once that failed). */
  src: string | null | undefined;
  type: MediaTypeNameDto | null | undefined;
  /** Whose file it is, for the image's alternative text and the players' names. */
  owner: string;
  /** A smaller frame, for comments. */
  compact?: boolean;
  /** Where a video or audio file stands on the server (issue 22); pictures are always ready. */
  status?: MediaStatusDto | null;
  /** A still of the video, shown before it plays. */
  poster?: string | null;
}

/** Whether an attachment has something to show: its file, or the state of its conversion. */
export const hasMedia = (media: { media?: string | null; media_status?: MediaStatusDto | null }) =>
  Boolean(media.media) || media.media_status === 'encoding' || media.media_status === 'failed';

/** In the media's place while the server converts it (spec §4), or when that failed. */
export function MediaPending({ status, compact }: { status: 'encoding' | 'failed'; compact?: boolean }) {
  const encoding = status === 'encoding';
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        width: '100%',
        aspectRatio: compact ? undefined : '16 / 9',
        minHeight: compact ? 120 : 180,
        maxHeight: compact ? 240 : 480,
        p: 2,
        borderRadius: 1,
        bgcolor: 'grey.900',
        color: 'common.white',
        textAlign: 'center',
      }}
    >
      {encoding ? (
        <CircularProgress color="inherit" size={compact ? 24 : 32} aria-hidden />
      ) : (
        <ErrorOutlineRounded aria-hidden sx={{ fontSize: compact ? 24 : 32, color: '#ffab91' }} />
      )}
      <Typography variant={compact ? 'body2' : 'body1'} sx={{ fontWeight: 500 }}>
        {encoding ? PromptMessages.videoEncoding : PromptMessages.encodingFailed}
      </Typography>
    </Box>
  );
}

/** An attached photo, video or audio with the element that fits it (spec §3 media_type). */
export function PostMedia({ src, type, owner, compact, status, poster }: Props) {
  const maxHeight = compact ? 240 : 480;
  if (status === 'encoding' || status === 'failed') return <MediaPending status={status} compact={compact} />;
  if (!src) return null;
  switch (type) {
    case 'video':
      return (
        <Box
          component="video"
          src={src}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={`Video from ${owner}`}
          sx={{ display: 'block', width: '100%', maxHeight, borderRadius: 1, bgcolor: 'common.black' }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          src={src}
          controls
          preload="none"
          aria-label={`Audio from ${owner}`}
          sx={{ display: 'block', width: '100%', maxWidth: 480 }}
        />
      );
    case 'photo':
    case undefined:
    case null:
    case 'text':
      return (
        <Box
          component="img"
          src={src}
          alt={`Photo from ${owner}`}
          loading="lazy"
          sx={{ display: 'block', maxWidth: '100%', maxHeight, objectFit: 'contain', borderRadius: 1, mx: 'auto' }}
        />
      );
  }
}
