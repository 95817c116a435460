import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { PortfolioMessages } from '@rally/contract';
import { COLUMNS, type ColumnKey, type SortDirection, type SortState } from './columns';

/** The 'Needs attention' filter, with how many teams it would leave. */
export function AttentionFilter({
  checked,
  count,
  onChange,
}: {
  checked: boolean;
  count: number;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={`${PortfolioMessages.needsAttention} (${count})`}
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
    />
  );
}

/** A phone's sort: the column and the order, as the table's headers set them on a desktop. */
export function SortSelect({ sort, onSort }: { sort: SortState; onSort: (sort: SortState) => void }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, width: '100%' }}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={sort.key}
        onChange={(e) => onSort({ ...sort, key: e.target.value as ColumnKey })}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {COLUMNS.map((c) => (
          <MenuItem key={c.key} value={c.key}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Order"
        value={sort.direction}
        onChange={(e) => onSort({ ...sort, direction: e.target.value as SortDirection })}
        // 'Descending' in full beside its arrow.
        sx={{ width: 150, flexShrink: 0 }}
      >
        <MenuItem value="asc">Ascending</MenuItem>
        <MenuItem value="desc">Descending</MenuItem>
      </TextField>
    </Box>
  );
}
