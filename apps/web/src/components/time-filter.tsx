import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';

/** The statistics' periods (spec §9): All Time sends no date; the others the first day, YYYY-MM-DD. */
export const TIME_FILTERS = [
  { value: 'all', label: 'All Time', days: null },
  { value: 'today', label: 'Today', days: 0 },
  { value: '30', label: '30 Days', days: 30 },
  { value: '60', label: '60 Days', days: 60 },
  { value: '90', label: '90 Days', days: 90 },
] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number]['value'];

/** The `from_date` of a filter, in the viewer's own calendar. */
export function fromDateOf(filter: TimeFilter, now: Date = new Date()): string | undefined {
  const days = TIME_FILTERS.find((f) => f.value === filter)?.days ?? null;
  return days === null ? undefined : dayjs(now).subtract(days, 'day').format('YYYY-MM-DD');
}

/** A small select of the periods. */
export function TimeFilterSelect({
  value,
  onChange,
  label = 'Period',
  fullWidth = false,
}: {
  value: TimeFilter;
  onChange: (value: TimeFilter) => void;
  label?: string;
  fullWidth?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as TimeFilter)}
      fullWidth={fullWidth}
      sx={{ minWidth: 120 }}
    >
      {TIME_FILTERS.map((f) => (
        <MenuItem key={f.value} value={f.value}>
          {f.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
