/** Every client route of spec §2, in one typed module used by links, redirects and tests. */
export const paths = {
  home: '/',
  login: '/login',
  /** Sign in with a code mailed to the account (ADR 0021: the way in while a password is guarded). */
  loginCode: '/login/code',
  register: '/register',
  forgotPassword: '/forgot-password',
  verifyAccount: '/verify-account',
  profile: '/profile',
  /** Another user's profile (the feed's avatars and names link here). */
  userProfile: (userId: number | string) => `/profile/${userId}`,
  dashboard: '/dashboard',
  engagements: '/engagements',
  settings: '/settings',
  /** The coach's portfolio: every team the user leads, with what needs attention (issue 26). */
  portfolio: '/portfolio',
  /** The team workspace (route parameter teamId). */
  team: (teamId: number | string) => `/engagements/${teamId}`,
  teamInfo: (teamId: number | string) => `/engagements/${teamId}/info`,
  teamTimeline: (teamId: number | string) => `/engagements/${teamId}/timeline`,
  teamWallOfFame: (teamId: number | string) => `/engagements/${teamId}/wall-of-fame`,
  teamBrightIdeas: (teamId: number | string) => `/engagements/${teamId}/bright-ideas`,
  teamFaq: (teamId: number | string) => `/engagements/${teamId}/FAQ`,
  teamWatercooler: (teamId: number | string) => `/engagements/${teamId}/watercooler`,
  teamTodoLists: (teamId: number | string) => `/engagements/${teamId}/todo-list`,
  /** A list's tasks (hidden from the sidebar). */
  teamTodoTasks: (teamId: number | string, listId: number | string) =>
    `/engagements/${teamId}/todo/${listId}/list-task`,
  /** Target of the to-do info icon on a team card (spec §2). */
  teamsTodoLists: (teamId: number | string) => `/teams/${teamId}/todo-list`,
  /** Where a team card's image and name lead, and the bare team path: the timeline (spec §2). */
  teamHome: (teamId: number | string) => `/engagements/${teamId}/timeline`,
  /** Target of the info icon on a team card (spec §2). */
  teamsInfo: (teamId: number | string) => `/teams/${teamId}/info`,
  /** The Teams tab's configure page: the team the tab shows (spec §2). */
  teamsTabConfig: '/integrations/teams/tab-config',
  /** Card form for a plan, e.g. /paymentMethod/Coach. */
  paymentMethod: (plan: string) => `/paymentMethod/${plan}`,
} as const;

/** Route patterns of the team workspace (React Router syntax). */
export const routePatterns = {
  teamWorkspace: '/engagements/:teamId',
  teamsAlias: '/teams/:teamId',
  info: 'info',
  timeline: 'timeline',
  wallOfFame: 'wall-of-fame',
  brightIdeas: 'bright-ideas',
  faq: 'FAQ',
  watercooler: 'watercooler',
  todoLists: 'todo-list',
  todoTasks: 'todo/:listId/list-task',
  paymentMethod: '/paymentMethod/:plan',
  userProfile: '/profile/:userId',
} as const;

/** /login?redirect=<path and search> for a guest who opened a private page. */
export const loginWithRedirect = (pathAndSearch: string) =>
  `${paths.login}?${new URLSearchParams({ redirect: pathAndSearch }).toString()}`;

/** Only same-origin paths are followed after sign-in, never another site. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/')) return paths.home;
  // Read the value as a browser would: it turns '\' into '/' and drops tabs and newlines,
  // so '/\evil.test' or '/\t/evil.test' would be another site.
  const base = 'http://rally.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return paths.home;
  }
  return url.origin === base ? url.pathname + url.search + url.hash : paths.home;
}
