import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { PromptResponseDto } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';

/** Starts a media element, ignoring a browser's refusal to autoplay (the viewer presses play). */
const start = (video: HTMLVideoElement | null) => {
  try {
    void video?.play()?.catch(() => undefined);
  } catch {
    // A browser without media playback (or a test's DOM) plays nothing.
  }
};

/**
 * The published answers of a team video as ONE player (docs/adr/0028-prompts.md): a seamless
 * playlist. One <video> is visible; the next answer waits preloaded in a hidden second element,
 * and on `ended` the two swap, so the next answer starts at once without a new download or a
 * flash. A bar shows the progress over all the answers together, with whose answer plays.
 */
export function PlaylistPlayer({ responses, topic }: { responses: readonly PromptResponseDto[]; topic: string }) {
  const [index, setIndex] = useState(0);
  // Which of the two elements shows the current answer; the other holds the next one.
  const [front, setFront] = useState<0 | 1>(0);
  const [time, setTime] = useState(0);
  const videos = [useRef<HTMLVideoElement>(null), useRef<HTMLVideoElement>(null)] as const;
  const count = responses.length;
  const current = responses[Math.min(index, count - 1)];

  // Swapped after an answer ended while playing: the next one goes on at once.
  const autoplay = useRef(false);
  useEffect(() => {
    if (autoplay.current) start(videos[front].current);
    autoplay.current = false;
    // The refs are stable; only a swap starts the other element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [front, index]);

  if (!current) return null;

  const durations = responses.map((r) => r.duration ?? 0);
  const total = durations.reduce((a, b) => a + b, 0);
  const before = durations.slice(0, index).reduce((a, b) => a + b, 0);
  const percent = Math.round(total > 0 ? Math.min(100, ((before + time) / total) * 100) : (index / count) * 100);

  const onEnded = () => {
    if (index + 1 >= count) return;
    autoplay.current = true;
    setIndex(index + 1);
    setFront(front === 0 ? 1 : 0);
    setTime(0);
  };

  /** Answer shown by element `slot`: the current one in front, the next one behind. */
  const answerIn = (slot: 0 | 1) => (slot === front ? current : responses[index + 1]);

  return (
    <Box role="region" aria-label={`Answers to ${topic}`}>
      <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}>
        {([0, 1] as const).map((slot) => {
          const answer = answerIn(slot);
          const shown = slot === front;
          return (
            <Box
              key={slot}
              component="video"
              ref={videos[slot]}
              src={answer?.media ?? undefined}
              poster={answer?.poster ?? undefined}
              preload={shown ? 'metadata' : 'auto'}
              controls={shown}
              hidden={!shown}
              aria-hidden={!shown}
              aria-label={shown ? `Answer ${index + 1} of ${count}, by ${current.user.full_name}` : undefined}
              onEnded={shown ? onEnded : undefined}
              onTimeUpdate={shown ? (e) => setTime(e.currentTarget.currentTime) : undefined}
              sx={{ display: shown ? 'block' : 'none', width: '100%', maxHeight: 480 }}
            />
          );
        })}
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Progress over all answers"
        sx={{ mt: 1, borderRadius: 1 }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, minWidth: 0 }}>
        <UserAvatar name={current.user.full_name} src={current.user.avatar} sx={{ width: 28, height: 28 }} />
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {current.user.full_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }} aria-live="polite">
          {`Answer ${index + 1} of ${count}`}
        </Typography>
      </Stack>
      {current.caption && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {current.caption}
        </Typography>
      )}
    </Box>
  );
}
