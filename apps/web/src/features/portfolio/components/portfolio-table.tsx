import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Paper from '@mui/material/Paper';
import type { PortfolioRowDto } from '@rally/contract';
import { COLUMNS, percent, type ColumnKey, type SortState } from './columns';
import { HappinessFact, LastActivityFact, RateFact, TasksFact, TeamHeading } from './facts';
import { useOpenTeamOnClick } from './open-team';
import { Sparkline } from './sparkline';

export interface PortfolioViewProps {
  rows: PortfolioRowDto[];
  sort: SortState;
  onSort: (sort: SortState) => void;
}

/**
 * The desktop portfolio: one row per team, every column sortable (its header a button; the sorted
 * one carries aria-sort). The team's name links to its timeline; a flagged team says why.
 */
export function PortfolioTable({ rows, sort, onSort }: PortfolioViewProps) {
  const openTeam = useOpenTeamOnClick();
  const sortBy = (key: ColumnKey) =>
    onSort({ key, direction: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Nine columns in the 1 058 px beside the drawer at 1366 px: tight cells, headers on two lines. */}
      <Table
        size="small"
        aria-label="Teams you lead"
        sx={{
          '& th, & td': { px: 0.75 },
          '& th:first-of-type, & td:first-of-type': { pl: 2 },
          '& th:last-of-type, & td:last-of-type': { pr: 2 },
          '& .MuiTableSortLabel-icon': { ml: '2px', mr: 0 },
        }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell
                key={c.key}
                sortDirection={sort.key === c.key ? sort.direction : false}
                // Two-word headers wrap, so the figures' columns stay narrow.
                sx={{ fontWeight: 700, verticalAlign: 'bottom', lineHeight: 1.3 }}
              >
                <TableSortLabel
                  active={sort.key === c.key}
                  direction={sort.key === c.key ? sort.direction : 'asc'}
                  onClick={() => sortBy(c.key)}
                >
                  {c.label}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.team.id}
              hover
              onClick={openTeam(row.team.id)}
              sx={{ cursor: 'pointer', '& > td': { verticalAlign: 'top', py: 1.25 } }}
            >
              <TableCell sx={{ minWidth: 150, maxWidth: 240 }}>
                <TeamHeading row={row} />
              </TableCell>
              <TableCell>
                <HappinessFact happiness={row.happiness} place="cell" />
              </TableCell>
              <TableCell>{percent(row.participation)}</TableCell>
              <TableCell>
                <RateFact value={row.checkin_response_rate} kind="checkins" place="cell" />
              </TableCell>
              <TableCell>
                <TasksFact tasks={row.tasks} place="cell" />
              </TableCell>
              <TableCell>
                <RateFact value={row.video_response_rate} kind="video" place="cell" />
              </TableCell>
              <TableCell>
                <RateFact value={row.slideshow_response_rate} kind="slideshow" place="cell" />
              </TableCell>
              <TableCell>
                <LastActivityFact at={row.last_activity_at} />
              </TableCell>
              <TableCell>
                <Sparkline activity={row.activity} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
