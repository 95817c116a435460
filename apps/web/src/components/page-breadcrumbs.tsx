import { Box, Link, Typography } from '@mui/material';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Breadcrumbs per page: team name plus page name (spec §2). The markup of MUI's Breadcrumbs (a
 * labelled nav, an ordered list, the current page last) without its collapsing, which costs
 * each page 1.5 KB (gzip) for trails that never hold more than three crumbs. Long names wrap.
 */
export function PageBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Box component="nav" aria-label="breadcrumb" sx={{ mb: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', m: 0, p: 0, listStyle: 'none' }}
      >
        {items.map((c, i) => {
          const last = i === items.length - 1;
          return (
            <Fragment key={c.label}>
              {i > 0 && (
                <Box component="li" aria-hidden sx={{ mx: 1 }}>
                  /
                </Box>
              )}
              <li>
                {c.to && !last ? (
                  <Link component={RouterLink} to={c.to} underline="hover" color="inherit">
                    {c.label}
                  </Link>
                ) : (
                  <Typography color="text.primary" sx={{ fontWeight: 600 }} aria-current={last ? 'page' : undefined}>
                    {c.label}
                  </Typography>
                )}
              </li>
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
