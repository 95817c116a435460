import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useEffect, useState } from 'react';
import { MediaLimits, type PromptResponseDto } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';

/**
 * The published answers of a slideshow (spec §4, §9): the images advance every 3000 ms with their
 * captions and authors, round again after the last; the viewer can step back and forth and pause.
 */
export function SlideshowPlayer({ responses, topic }: { responses: readonly PromptResponseDto[]; topic: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = responses.length;
  const at = count > 0 ? index % count : 0;
  const current = responses[at];

  // Each image stays for the same time, counted afresh after a step by hand.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), MediaLimits.slideshowAdvanceMs);
    return () => clearTimeout(timer);
  }, [at, paused, count]);

  if (!current) return null;
  const step = (by: number) => setIndex((at + by + count) % count);

  return (
    <Box role="region" aria-roledescription="slideshow" aria-label={`Answers to ${topic}`}>
      <Box
        sx={{
          position: 'relative',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
          height: { xs: 260, sm: 400 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {current.media && (
          <Box
            component="img"
            src={current.media}
            alt={
              current.caption ? `${current.user.full_name}: ${current.caption}` : `Image from ${current.user.full_name}`
            }
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        )}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1 }}>
        <IconButton aria-label="Previous image" onClick={() => step(-1)} disabled={count < 2}>
          <ChevronLeftRounded />
        </IconButton>
        <IconButton aria-label={paused ? 'Play' : 'Pause'} onClick={() => setPaused(!paused)} disabled={count < 2}>
          {paused ? <PlayArrowRounded /> : <PauseRounded />}
        </IconButton>
        <IconButton aria-label="Next image" onClick={() => step(1)} disabled={count < 2}>
          <ChevronRightRounded />
        </IconButton>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto !important' }} aria-live="polite">
          {`${at + 1} / ${count}`}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 0.5, minWidth: 0 }}>
        <UserAvatar name={current.user.full_name} src={current.user.avatar} sx={{ width: 28, height: 28 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {current.user.full_name}
          </Typography>
          {current.caption && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {current.caption}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
