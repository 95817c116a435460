import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar, type ProviderContext } from 'notistack';
import { useLayoutEffect } from 'react';
import { Timing } from '@rally/contract';
import { DESKTOP_MIN_WIDTH } from './theme-base';

/** Narrower than the desktop layout (theme breakpoint md), as `theme.breakpoints.down('md')` writes it. */
const phoneOnly = `@media (max-width:${DESKTOP_MIN_WIDTH - 0.05}px)`;

function Attach({ onReady }: { onReady: (notistack: ProviderContext) => void }) {
  const notistack = useSnackbar();
  useLayoutEffect(() => onReady(notistack), [notistack, onReady]);
  return null;
}

/**
 * notistack itself, at most 3 snackbars at once (spec §9), loaded by SnackbarHost
 * (signed-in-frame.tsx) after the first screen or with the first snackbar; `onReady` receives its
 * `enqueueSnackbar` and `closeSnackbar`.
 */
export default function NotistackHost({ onReady }: { onReady: (notistack: ProviderContext) => void }) {
  return (
    <SnackbarProvider maxSnack={Timing.maxSnackbars} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      {/* On phones the bottom bar (56 px) owns the bottom edge: snackbars sit above it. */}
      <GlobalStyles styles={{ [phoneOnly]: { '.notistack-SnackbarContainer': { bottom: 72 } } }} />
      <Attach onReady={onReady} />
    </SnackbarProvider>
  );
}
