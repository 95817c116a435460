import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { SnackbarContext, snackbarQueue } from '../lib/snackbar';
import { whenIdle } from '../lib/when-idle';
import { SubscriptionNotices } from './subscription-notices';

/** The realtime stream applied to the caches: nothing to show, and its own chunk. */
const LiveUpdates = lazy(() => import('./live-updates'));

/** notistack (22 KB), which no first screen draws: loaded after it (issue 25). */
const NotistackHost = lazy(() => import('./notistack-host'));

/**
 * Snackbars for `useSnackbar` of lib/snackbar.ts. Only signed-in screens show them, so the sign-in
 * screens never load notistack; the signed-in ones load it once the page is idle, or with the first
 * snackbar if that comes sooner (it waits in the queue meanwhile).
 */
export function SnackbarHost({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState(false);
  const [queue] = useState(() => snackbarQueue(() => setLoad(true)));
  useEffect(() => whenIdle(() => setLoad(true)), []);
  return (
    <SnackbarContext.Provider value={queue.context}>
      {children}
      {load && (
        <Suspense fallback={null}>
          <NotistackHost onReady={queue.attach} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
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
