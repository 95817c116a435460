import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PortfolioLimits, PortfolioMessages } from '@rally/contract';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageBreadcrumbs } from '../../../components/page-breadcrumbs';
import { PageTitle } from '../../../components/page-title';
import { TIME_FILTERS, TimeFilterSelect, fromDateOf, type TimeFilter } from '../../../components/time-filter';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePortfolio } from '../api/get-portfolio';
import { COLUMNS, sortRows, type SortState } from '../components/columns';
import { PortfolioCards } from '../components/portfolio-cards';
import { AttentionFilter, SortSelect } from '../components/portfolio-controls';
import { PortfolioTable } from '../components/portfolio-table';

const DEFAULT_FILTER: TimeFilter = '30';
const DEFAULT_SORT: SortState = { key: 'team', direction: 'asc' };

/**
 * The page's choices live in its address (`?period=90&sort=happiness&dir=desc&attention=1`), so
 * going back from a team finds the portfolio as it was left.
 */
function usePortfolioParams() {
  const [params, setParams] = useSearchParams();
  const period = TIME_FILTERS.find((f) => f.value === params.get('period'))?.value ?? DEFAULT_FILTER;
  const key = COLUMNS.find((c) => c.key === params.get('sort'))?.key ?? DEFAULT_SORT.key;
  const sort: SortState = { key, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' };
  const attentionOnly = params.get('attention') === '1';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes))
          if (value === null) next.delete(name);
          else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return {
    period,
    sort,
    attentionOnly,
    setPeriod: (value: TimeFilter) => update({ period: value === DEFAULT_FILTER ? null : value }),
    setSort: (s: SortState) => update({ sort: s.key, dir: s.direction }),
    setAttentionOnly: (on: boolean) => update({ attention: on ? '1' : null }),
  };
}

function Loading({ desktop }: { desktop: boolean }) {
  return (
    <Box role="progressbar" aria-label="Loading the portfolio" sx={{ display: 'grid', gap: 1.5 }}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={desktop ? 56 : 240} />
      ))}
    </Box>
  );
}

/** What someone who leads no team finds at /portfolio (the server answers 403). */
function NotALead() {
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={paths.engagements} color="inherit" size="small">
          Engagements
        </Button>
      }
    >
      {PortfolioMessages.notALead}
    </Alert>
  );
}

/** The empty list's sentence, centred like the other pages' empty states. */
const Empty = ({ children }: { children: string }) => (
  <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
    {children}
  </Typography>
);

/**
 * /portfolio (issue 26): every team the user leads with its happiness, participation, response
 * rates, tasks and activity in the chosen period, sortable, filtered to those needing attention
 * and saying why. A table on a desktop, cards on a phone.
 */
export function PortfolioRoute() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { period, sort, attentionOnly, setPeriod, setSort, setAttentionOnly } = usePortfolioParams();
  const fromDate = useMemo(() => fromDateOf(period), [period]);
  const portfolio = usePortfolio(fromDate);
  const rows = portfolio.data;
  const flaggedCount = rows?.filter((r) => r.attention.flagged).length ?? 0;
  const shown = useMemo(
    () => (rows ? sortRows(attentionOnly ? rows.filter((r) => r.attention.flagged) : rows, sort) : []),
    [rows, attentionOnly, sort],
  );
  const notALead = portfolio.error instanceof ApiError && portfolio.error.status === 403;

  let content;
  if (notALead) content = <NotALead />;
  else if (portfolio.isError) content = <Alert severity="error">{errorMessage(portfolio.error)}</Alert>;
  else if (!rows) content = <Loading desktop={desktop} />;
  else if (rows.length === 0) content = <Empty>{PortfolioMessages.empty}</Empty>;
  else if (shown.length === 0) content = <Empty>{PortfolioMessages.noneFlagged}</Empty>;
  else
    content = (
      <Box sx={{ opacity: portfolio.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {desktop ? <PortfolioTable rows={shown} sort={sort} onSort={setSort} /> : <PortfolioCards rows={shown} />}
      </Box>
    );

  const controls = !notALead && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, width: { xs: '100%', md: 'auto' } }}>
      <AttentionFilter checked={attentionOnly} count={flaggedCount} onChange={setAttentionOnly} />
      <TimeFilterSelect value={period} onChange={setPeriod} />
      {!desktop && rows && rows.length > 0 && <SortSelect sort={sort} onSort={setSort} />}
    </Box>
  );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <PageBreadcrumbs items={[{ label: 'Home', to: paths.home }, { label: PortfolioMessages.title }]} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5, mb: 2 }}>
        <PageTitle sx={{ flexGrow: 1 }}>{PortfolioMessages.title}</PageTitle>
        {controls}
      </Box>
      {period === 'all' && !notALead && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          With All Time, a team needs attention by its last {PortfolioLimits.attentionWindowDays} days.
        </Typography>
      )}
      {content}
    </Box>
  );
}
