import { Box, CircularProgress, Typography } from '@mui/material';
import { PromptMessages, type MediaStatusDto, type MediaTypeNameDto } from '@rally/contract';

interface Props {
  src: string;
  type: MediaTypeNameDto | null | undefined;
  /** Whose file it is, for the image's alternative text and the players' names. */
  owner: string;
  /** A smaller frame, for comments. */
  compact?: boolean;
  /** A video or audio file still being converted on the server (or that failed to be). */
  status?: MediaStatusDto | null;
  /** A still of the video, shown before it plays. */
  poster?: string | null;
}

/** What stands in for a video or audio file the server is still converting (spec §4), or could not. */
export function MediaPending({ status, compact }: { status: 'encoding' | 'failed'; compact?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        minHeight: compact ? 120 : 200,
        px: 2,
        borderRadius: 1,
        bgcolor: 'grey.900',
        color: 'common.white',
        textAlign: 'center',
      }}
    >
      {status === 'encoding' && <CircularProgress size={28} color="inherit" aria-hidden />}
      <Typography variant="body2">
        {status === 'encoding' ? PromptMessages.videoEncoding : PromptMessages.encodingFailed}
      </Typography>
    </Box>
  );
}

/** An attached photo, video or audio with the element that fits it (spec §3 media_type). */
export function PostMedia({ src, type, owner, compact, status, poster }: Props) {
  const maxHeight = compact ? 240 : 480;
  if (status === 'encoding' || status === 'failed') return <MediaPending status={status} compact={compact} />;
  switch (type) {
    case 'video':
      return (
        <Box
          component="video"
          src={src}
          poster={poster ?? undefined}
          controls
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
