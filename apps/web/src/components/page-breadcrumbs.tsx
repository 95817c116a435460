import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs per page: team name plus page name (spec §2). */
export function PageBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      {items.map((c, i) =>
        c.to && i < items.length - 1 ? (
          <Link key={c.label} component={RouterLink} to={c.to} underline="hover" color="inherit">
            {c.label}
          </Link>
        ) : (
          <Typography key={c.label} color="text.primary" sx={{ fontWeight: 600 }}>
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
