import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { Messages } from '@rally/contract';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password';
import { LoginRoute } from '../features/auth/routes/login';
import { RegisterRoute } from '../features/auth/routes/register';
import { VerifyAccountRoute } from '../features/auth/routes/verify-account';
import { SettingsRoute } from '../features/billing/routes/settings';
import { ProfileRoute } from '../features/profile/routes/profile';
import { GuestOnly, RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths, routePatterns } from '../config/paths';
import { TeamInfoPage } from './routes/team-info-page';
import { TeamIndexRedirect, TeamWorkspace } from './routes/team-workspace';
import { TeamsPage } from './routes/teams-page';
import { SubscriptionNotices } from './subscription-notices';

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
        element: <SubscriptionNotices />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <TeamsPage title="My Teams" emptyText={Messages.noTeamsShort} /> },
              { path: paths.engagements, element: <TeamsPage title="Engagements" emptyText={Messages.noTeams} /> },
              { path: paths.profile, element: <ProfileRoute /> },
              { path: paths.settings, element: <SettingsRoute /> },
              // Card payment is not built yet: the plan buttons lead to the plans on Settings.
              { path: routePatterns.paymentMethod, element: <Navigate to={paths.settings} replace /> },
              { path: '*', element: <Navigate to={paths.engagements} replace /> },
            ],
          },
          {
            path: routePatterns.teamWorkspace,
            element: <TeamWorkspace />,
            children: [
              { index: true, element: <TeamIndexRedirect /> },
              { path: routePatterns.info, element: <TeamInfoPage /> },
            ],
          },
          {
            path: routePatterns.teamsAlias,
            element: <TeamWorkspace />,
            children: [
              { index: true, element: <TeamIndexRedirect /> },
              { path: routePatterns.info, element: <TeamInfoPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
