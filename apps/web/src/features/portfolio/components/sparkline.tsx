import Box from '@mui/material/Box';
import type { PortfolioRowDto } from '@rally/contract';

const WIDTH = 80;
const HEIGHT = 24;
/** Room for the line's width at the top and bottom. */
const PAD = 2;

/** The line's points: days left to right, the busiest day at the top, a quiet one on the floor. */
function points(counts: readonly number[]): string {
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? WIDTH / (counts.length - 1) : 0;
  return counts
    .map((count, i) => {
      const x = counts.length > 1 ? i * step : WIDTH / 2;
      const y = HEIGHT - PAD - (count / max) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A team's daily activity as a small line, named with its days and total for assistive technology. */
export function Sparkline({ activity }: { activity: PortfolioRowDto['activity'] }) {
  const counts = activity.map((day) => day.count);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const label = `Activity over ${counts.length} ${counts.length === 1 ? 'day' : 'days'}: ${total} in all`;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      sx={{ display: 'block', color: total > 0 ? 'primary.main' : 'text.disabled', overflow: 'visible' }}
    >
      <title>{label}</title>
      {counts.length > 0 && (
        <polyline
          points={points(counts)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      )}
    </Box>
  );
}
