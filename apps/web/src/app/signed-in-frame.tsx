import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar as useNotistack } from 'notistack';
import { Suspense, lazy, type ReactNode } from 'react';
import { Timing } from '@rally/contract';
import { SnackbarContext } from '../lib/snackbar';
import { SubscriptionNotices } from './subscription-notices';
import { DESKTOP_MIN_WIDTH } from './theme-base';

/** Narrower than the desktop layout (theme breakpoint md), as `theme.breakpoints.down('md')` writes it. */
const phoneOnly = `@media (max-width:${DESKTOP_MIN_WIDTH - 0.05}px)`;

/** The realtime stream applied to the caches: nothing to show, and its own chunk. */
const LiveUpdates = lazy(() => import('./live-updates'));

function SnackbarBridge({ children }: { children: ReactNode }) {
  return <SnackbarContext.Provider value={useNotistack()}>{children}</SnackbarContext.Provider>;
}

/**
 * Snackbars, at most 3 at once (spec §9), for `useSnackbar` of lib/snackbar.ts. Only signed-in
 * screens show them, so they live in the signed-in chunk and the sign-in screens never load notistack.
 */
export function SnackbarHost({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={Timing.maxSnackbars} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      {/* On phones the bottom bar (56 px) owns the bottom edge: snackbars sit above it. */}
      <GlobalStyles styles={{ [phoneOnly]: { '.notistack-SnackbarContainer': { bottom: 72 } } }} />
      <SnackbarBridge>{children}</SnackbarBridge>
    </SnackbarProvider>
  );
}

/**
 * What every signed-in route sits in: the snackbars, the app-load subscription notices (spec §4)
 * and the one subscription to the realtime stream that keeps every cache live.
 */
export function SignedInFrame() {
  return (
    <SnackbarHost>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <SubscriptionNotices />
    </SnackbarHost>
  );
}
