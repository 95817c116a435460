import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Where a title sits in its page: the space under it and its growth in a row. Never its type. */
export interface PageTitlePlacement {
  mb?: number;
  flexGrow?: number;
}

/** A page's one h1, in one style on every screen: a bold h5, long names wrapped. */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: PageTitlePlacement }) {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere', ...sx }}>
      {children}
    </Typography>
  );
}
