import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MoodShareDto } from '@rally/contract';

/** Each mood's share of the answers: its image, name, a bar and the percentage. */
export function MoodBreakdown({ moods, label }: { moods: MoodShareDto[]; label: string }) {
  return (
    <Stack spacing={0.75} component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {moods.map((m) => (
        <Stack key={m.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="img" src={m.media} alt="" sx={{ width: 22, height: 22, flexShrink: 0 }} />
          <Typography variant="body2" sx={{ width: 64, flexShrink: 0 }}>
            {m.name}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={m.mood_avg}
            aria-label={`${m.name}: ${m.mood_avg}%`}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ width: 44, textAlign: 'right', flexShrink: 0 }}>
            {m.mood_avg}%
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
