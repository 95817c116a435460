/** Every client route of spec §2, in one typed module used by links, redirects and tests. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  verifyAccount: '/verify-account',
  profile: '/profile',
  profileOf: (userId: number | string) => `/profile/${userId}`,
} as const;

/** /login?redirect=<path and search> for a guest who opened a private page. */
export const loginWithRedirect = (pathAndSearch: string) =>
  `${paths.login}?${new URLSearchParams({ redirect: pathAndSearch }).toString()}`;

/** Only same-origin paths are followed after sign-in, never another site. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home;
}
