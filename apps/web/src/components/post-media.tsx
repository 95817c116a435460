import { Box } from '@mui/material';
import type { MediaTypeNameDto } from '@rally/contract';

interface Props {
  src: string;
  type: MediaTypeNameDto | null | undefined;
  /** Whose file it is, for the image's alternative text and the players' names. */
  owner: string;
  /** A smaller frame, for comments. */
  compact?: boolean;
}

/** An attached photo, video or audio with the element that fits it (spec §3 media_type). */
export function PostMedia({ src, type, owner, compact }: Props) {
  const maxHeight = compact ? 240 : 480;
  switch (type) {
    case 'video':
      return (
        <Box
          component="video"
          src={src}
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
