import { Box, Stack, Typography } from '@mui/material';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import { useEffect, useRef } from 'react';

/**
 * A live stream in a tile with the person's name; one's own is muted (no echo) and mirrored. A
 * camera that is off says so over its (black) picture; its sound still plays.
 */
export function StreamVideo({
  stream,
  name,
  own = false,
  cameraOff = false,
  peerId,
}: {
  stream: MediaStream | null;
  name: string;
  own?: boolean;
  cameraOff?: boolean;
  peerId?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="figure"
      aria-label={own ? 'Your video' : `Video of ${name}`}
      data-peer-id={peerId}
      sx={{
        position: 'relative',
        m: 0,
        bgcolor: 'grey.900',
        borderRadius: 2,
        overflow: 'hidden',
        aspectRatio: '4 / 3',
      }}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted={own}
        style={{ width: '100%', height: '100%', objectFit: 'cover', transform: own ? 'scaleX(-1)' : undefined }}
      />
      {cameraOff && (
        <Stack
          spacing={0.5}
          sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', color: 'grey.300' }}
        >
          <VideocamOffOutlined aria-hidden />
          <Typography variant="body2">Camera off</Typography>
        </Stack>
      )}
      <Typography
        component="figcaption"
        variant="caption"
        noWrap
        sx={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          maxWidth: 'calc(100% - 16px)',
          px: 1,
          py: 0.25,
          borderRadius: 1,
          color: 'common.white',
          bgcolor: 'rgba(0, 0, 0, 0.65)',
          fontWeight: 600,
        }}
      >
        {own ? `${name} (you)` : name}
      </Typography>
    </Box>
  );
}
