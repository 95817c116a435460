import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Red below 40, amber below 70, green from 70: a mood meter's colour (spec §9: a percentage). */
export const meterColor = (value: number): 'error' | 'warning' | 'success' =>
  value < 40 ? 'error' : value < 70 ? 'warning' : 'success';

/** A happiness meter: a bar and its percentage, named for assistive technology. */
export function HappinessMeter({
  value,
  label,
  size = 'small',
}: {
  value: number;
  label: string;
  size?: 'small' | 'large';
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={meterColor(value)}
        aria-label={label}
        sx={{ flex: 1, height: size === 'large' ? 12 : 8, borderRadius: 6 }}
      />
      <Typography
        variant={size === 'large' ? 'h6' : 'body2'}
        component="span"
        sx={{ fontWeight: 700, minWidth: size === 'large' ? 52 : 40, textAlign: 'right' }}
      >
        {value}%
      </Typography>
    </Box>
  );
}
