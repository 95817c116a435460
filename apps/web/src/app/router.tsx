import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { lazyScreen, preloadMatchedScreens, type LazyScreen, type ScreenHandle } from './lazy-screen';
import { paths, routePatterns } from '../config/paths';

/*
 * Every screen is its own chunk, downloaded when a route first shows it (React.lazy), so the
 * sign-in screens load only what they need and the signed-in app comes later. The guards stay in
 * the entry: a guest opening a private path is sent to /login before any private code loads.
 */
const LoginRoute = lazyScreen(() => import('../features/auth/routes/login').then((m) => m.LoginRoute));
const LoginCodeRoute = lazyScreen(() => import('../features/auth/routes/login-code').then((m) => m.LoginCodeRoute));
const RegisterRoute = lazyScreen(() => import('../features/auth/routes/register').then((m) => m.RegisterRoute));
const ForgotPasswordRoute = lazyScreen(() =>
  import('../features/auth/routes/forgot-password').then((m) => m.ForgotPasswordRoute),
);
const VerifyAccountRoute = lazyScreen(() =>
  import('../features/auth/routes/verify-account').then((m) => m.VerifyAccountRoute),
);
const SignedInFrame = lazyScreen(() => import('./signed-in-frame').then((m) => m.SignedInFrame));
const AppLayout = lazyScreen(() => import('./layout/app-layout').then((m) => m.AppLayout));
const TeamsPage = lazyScreen(() => import('./routes/teams-page').then((m) => m.TeamsPage));
const ProfileRoute = lazyScreen(() => import('../features/profile/routes/profile').then((m) => m.ProfileRoute));
const SettingsRoute = lazyScreen(() => import('./routes/settings-page').then((m) => m.SettingsPage));
const PaymentMethodRoute = lazyScreen(() =>
  import('../features/billing/routes/payment-method').then((m) => m.PaymentMethodRoute),
);
const TeamWorkspace = lazyScreen(() => import('./routes/team-workspace').then((m) => m.TeamWorkspace));
const TeamIndexRedirect = lazyScreen(() => import('./routes/team-workspace').then((m) => m.TeamIndexRedirect));
const TeamInfoPage = lazyScreen(() => import('./routes/team-info-page').then((m) => m.TeamInfoPage));
const FaqPage = lazyScreen(() => import('./routes/faq-page').then((m) => m.FaqPage));
const TodoListsPage = lazyScreen(() => import('./routes/todo-lists-page').then((m) => m.TodoListsPage));
const TodoTasksPage = lazyScreen(() => import('./routes/todo-tasks-page').then((m) => m.TodoTasksPage));
const TimelinePage = lazyScreen(() => import('./routes/timeline-page').then((m) => m.TimelinePage));
const WatercoolerPage = lazyScreen(() => import('./routes/watercooler-page').then((m) => m.WatercoolerPage));
const TabConfigPage = lazyScreen(() => import('./routes/tab-config-page').then((m) => m.TabConfigPage));
const DashboardPage = lazyScreen(() => import('./routes/dashboard-page').then((m) => m.DashboardPage));
const PortfolioRoute = lazyScreen(() => import('../features/portfolio/routes/portfolio').then((m) => m.PortfolioRoute));

/** The element and handle of a route that shows a lazy screen (the handle lets RequireAuth preload it). */
function screen(Screen: LazyScreen<object>): Pick<RouteObject, 'element' | 'handle'>;
function screen<P extends object>(Screen: LazyScreen<P>, props: P): Pick<RouteObject, 'element' | 'handle'>;
function screen<P extends object>(Screen: LazyScreen<P>, props?: P): Pick<RouteObject, 'element' | 'handle'> {
  const handle: ScreenHandle = { preload: Screen.preload };
  return { element: <Screen {...(props as P)} />, handle };
}

const teamWorkspaceChildren = (): RouteObject[] => [
  { index: true, ...screen(TeamIndexRedirect) },
  { path: routePatterns.timeline, ...screen(TimelinePage, { feed: 'timeline' } as const) },
  { path: routePatterns.wallOfFame, ...screen(TimelinePage, { feed: 'wallOfFame' } as const) },
  { path: routePatterns.brightIdeas, ...screen(TimelinePage, { feed: 'brightIdeas' } as const) },
  { path: routePatterns.info, ...screen(TeamInfoPage) },
  { path: routePatterns.faq, ...screen(FaqPage) },
  { path: routePatterns.watercooler, ...screen(WatercoolerPage) },
  { path: routePatterns.todoLists, ...screen(TodoListsPage) },
  { path: routePatterns.todoTasks, ...screen(TodoTasksPage) },
];

/** Everything behind sign-in: one lazy frame (snackbars, subscription notices), then layouts and pages. */
const privateRoutes: RouteObject[] = [
  {
    ...screen(SignedInFrame),
    children: [
      {
        ...screen(AppLayout),
        children: [
          { index: true, ...screen(TeamsPage, { title: 'My Teams', empty: 'short' as const }) },
          { path: paths.engagements, ...screen(TeamsPage, { title: 'Engagements', empty: 'long' as const }) },
          { path: paths.dashboard, ...screen(DashboardPage) },
          { path: paths.portfolio, ...screen(PortfolioRoute) },
          { path: paths.profile, ...screen(ProfileRoute) },
          { path: routePatterns.userProfile, ...screen(ProfileRoute) },
          { path: paths.settings, ...screen(SettingsRoute) },
          { path: routePatterns.paymentMethod, ...screen(PaymentMethodRoute) },
          { path: paths.teamsTabConfig, ...screen(TabConfigPage) },
          { path: '*', element: <Navigate to={paths.engagements} replace /> },
        ],
      },
      { path: routePatterns.teamWorkspace, ...screen(TeamWorkspace), children: teamWorkspaceChildren() },
      { path: routePatterns.teamsAlias, ...screen(TeamWorkspace), children: teamWorkspaceChildren() },
    ],
  },
];

/** Fetches every private screen a path needs at once (frame, layout and page in parallel). */
const preloadPrivateScreens = (pathname: string) => void preloadMatchedScreens(privateRoutes, pathname);

const guestRoutes: RouteObject[] = [
  { path: paths.login, ...screen(LoginRoute) },
  { path: paths.loginCode, ...screen(LoginCodeRoute) },
  { path: paths.register, ...screen(RegisterRoute) },
  { path: paths.forgotPassword, ...screen(ForgotPasswordRoute) },
  { path: paths.verifyAccount, ...screen(VerifyAccountRoute) },
];

/**
 * Loads the screens the app opens on (main.tsx awaits it before the first render, while
 * index.html shows the logo): the sign-in screen for a guest, frame, layout and page for a user.
 */
export const preloadFirstScreens = (pathname: string, signedIn: boolean) =>
  preloadMatchedScreens(signedIn ? privateRoutes : guestRoutes, pathname);

/** The route table of spec §2 (routes whose feature is not built yet are left out). */
export const routes: RouteObject[] = [
  { element: <GuestOnly />, children: guestRoutes },
  { element: <RequireAuth preload={preloadPrivateScreens} />, children: privateRoutes },
];

/**
 * The app's screens for the current location. A declarative router (BrowserRouter in main.tsx,
 * a memory history in tests): the app uses no loaders or actions, and the data router would add
 * about 18 KB (gzip) to the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
