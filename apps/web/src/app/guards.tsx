import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../lib/session';
import { loginWithRedirect, safeRedirect } from '../config/paths';

/*
 * The screens below each guard are lazy chunks. While one downloads the boundary shows nothing,
 * so index.html's boot screen (outside #root) stays in view; a navigation between screens keeps
 * the current one until the next is ready. The guards themselves are in the entry chunk, so a
 * guest opening a private path goes to /login before any private code is fetched.
 */

/**
 * Private routes: a guest goes to /login with the path and search to come back to. For a
 * signed-in user, `preload` starts fetching the screens the path needs, all at once.
 */
export function RequireAuth({ preload }: { preload?: (pathname: string) => void }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;
  preload?.(location.pathname);
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}

/** Auth screens: a signed-in user goes to the redirect query value or /. */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
