import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password';
import { LoginRoute } from '../features/auth/routes/login';
import { RegisterRoute } from '../features/auth/routes/register';
import { VerifyAccountRoute } from '../features/auth/routes/verify-account';
import { ProfileRoute } from '../features/profile/routes/profile';
import { GuestOnly, RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';

/** The route table of spec §2 (routes whose feature is not built yet are left out). */
export const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.register, element: <RegisterRoute /> },
      { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
      { path: paths.verifyAccount, element: <VerifyAccountRoute /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={paths.profile} replace /> },
          { path: paths.profile, element: <ProfileRoute /> },
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
