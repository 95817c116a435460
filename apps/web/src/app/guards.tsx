import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../lib/session';
import { loginWithRedirect, safeRedirect } from '../config/paths';

/** Private routes: a guest goes to /login with the path and search to come back to. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** Auth screens: a signed-in user goes to the redirect query value or /. */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}
