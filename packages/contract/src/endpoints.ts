import type { ApiRoute } from './route.js';
import type { PromptRouteName } from './prompt-endpoints.js';
import type { WatercoolerRouteName } from './watercooler-endpoints.js';
import type { Routes } from './routes/index.js';

declare const fullRoute: unique symbol;

/**
 * What a client needs of a route at run time: its method, path and whether it needs a token.
 * The whole route, schemas included, is carried as a type only, so a typed call still knows the
 * route's params, body and answer while the zod schemas stay out of the client's bundle (the web
 * app validates with them only in forms, loaded on first use).
 */
export interface Endpoint<R extends ApiRoute = ApiRoute> extends Pick<R, 'method' | 'path' | 'auth'> {
  readonly [fullRoute]?: R;
}

export type EndpointTableOf<Names extends keyof typeof Routes> = {
  readonly [K in Names]: Endpoint<(typeof Routes)[K]>;
};

/**
 * Each call's method, path and auth: the one place they are written. The route table spreads
 * these into its routes (`defineRoute({ ...paths.login, body, response })`); the web client calls
 * through `Endpoints`, the same objects typed with their full routes.
 */
export const endpointPaths = {
  health: { method: 'GET', path: 'health', auth: false },
  register: { method: 'POST', path: 'register', auth: false },
  verifyAccount: { method: 'POST', path: 'verify-account', auth: false },
  resendVerificationCode: { method: 'POST', path: 'resend-verification-code', auth: false },
  login: { method: 'POST', path: 'login', auth: false },
  loginCode: { method: 'POST', path: 'login/code', auth: false },
  loginCodeVerify: { method: 'POST', path: 'login/code/verify', auth: false },
  logout: { method: 'POST', path: 'logout', auth: true },
  forgotPassword: { method: 'POST', path: 'forgot-password', auth: false },
  verifyResetToken: { method: 'POST', path: 'verify-reset-token', auth: false },
  resetPassword: { method: 'POST', path: 'reset-password', auth: false },
  profile: { method: 'GET', path: 'user/profile', auth: true },
  changePassword: { method: 'POST', path: 'user/profile/password', auth: true },
  userProfile: { method: 'GET', path: 'user/profile/:id', auth: true },
  updateAvatar: { method: 'POST', path: 'user/profile/avatar', auth: true },
  updateCover: { method: 'POST', path: 'user/profile/cover', auth: true },
  updateAboutMe: { method: 'POST', path: 'user/profile/aboutme', auth: true },
  updateSkills: { method: 'POST', path: 'user/profile/skills', auth: true },
  updateBio: { method: 'POST', path: 'user/profile/bio', auth: true },
  requestEmailChange: { method: 'POST', path: 'user/profile/email', auth: true },
  confirmEmailChange: { method: 'POST', path: 'user/profile/email/confirm', auth: true },
  updateMood: { method: 'POST', path: 'user/profile/mood', auth: true },
  updateFunPics: { method: 'POST', path: 'user/profile/funpics', auth: true },
  geocoder: { method: 'GET', path: 'geocode/config', auth: true },
  geocode: { method: 'GET', path: 'geocode', auth: true },
  subscriptionPackages: { method: 'GET', path: 'subscription-packages', auth: false },
  userSubscription: { method: 'GET', path: 'user/subscription', auth: true },
  paymentConfig: { method: 'GET', path: 'user/subscription/payment-config', auth: true },
  subscribe: { method: 'POST', path: 'subscription/subscribe', auth: true },
  billingPortal: { method: 'GET', path: 'user/subscription/billing-portal', auth: true },
  stripeWebhook: { method: 'POST', path: 'stripe/webhook', auth: false },
  teams: { method: 'GET', path: 'user/teams', auth: true },
  createTeam: { method: 'POST', path: 'user/team', auth: true },
  deleteTeam: { method: 'DELETE', path: 'user/team/:id', auth: true },
  deletedTeams: { method: 'GET', path: 'user/teams/deleted', auth: true },
  restoreTeam: { method: 'POST', path: 'user/team/:id/restore', auth: true },
  teamProfile: { method: 'GET', path: 'user/team/:id/profile', auth: true },
  updateTeamProfile: { method: 'POST', path: 'user/team/:id/profile', auth: true },
  levelsOfEngagement: { method: 'GET', path: 'user/team/level-of-engagement', auth: true },
  teamLevelOfEngagement: { method: 'GET', path: 'user/team/:id/level-of-engagement', auth: true },
  setTeamLevelOfEngagement: { method: 'POST', path: 'user/team/:id/level-of-engagement', auth: true },
  readWelcomeMessage: { method: 'POST', path: 'user/team/:id/read-welcome-message', auth: true },
  teamMembers: { method: 'GET', path: 'user/team/:id/members', auth: true },
  changeUserRole: { method: 'POST', path: 'user/team/:id/change-user-role', auth: true },
  removeMember: { method: 'DELETE', path: 'user/team/:id/member/:userId', auth: true },
  teamInvite: { method: 'POST', path: 'user/team/:id/invite', auth: true },
  pendingInvitations: { method: 'GET', path: 'user/team/invitations/pending', auth: true },
  joinTeam: { method: 'POST', path: 'user/team/join', auth: true },
  rejectInvitation: { method: 'POST', path: 'user/team/invitations/reject', auth: true },
  moods: { method: 'GET', path: 'mood', auth: true },
  buzzes: { method: 'GET', path: 'buzzes', auth: true },
  colors: { method: 'GET', path: 'user/colors', auth: true },
  timeline: { method: 'GET', path: 'user/team/:id/timeline', auth: true },
  dashboard: { method: 'GET', path: 'user/dashboard', auth: true },
  post: { method: 'GET', path: 'user/team/:id/posts/:postId', auth: true },
  createPost: { method: 'POST', path: 'user/team/:id/posts', auth: true },
  createCelebration: { method: 'POST', path: 'user/team/:id/celebration', auth: true },
  createBrightIdea: { method: 'POST', path: 'user/team/:id/brightidea', auth: true },
  deletePost: { method: 'DELETE', path: 'user/team/:id/posts/:postId', auth: true },
  sharePost: { method: 'POST', path: 'user/team/:id/posts/:postId/share', auth: true },
  postReactions: { method: 'GET', path: 'user/team/:id/post/:postId/buzz', auth: true },
  reactToPost: { method: 'POST', path: 'user/team/:id/post/:postId/buzz', auth: true },
  clearPostReaction: { method: 'DELETE', path: 'user/team/:id/post/:postId/buzz', auth: true },
  postComments: { method: 'GET', path: 'user/team/:id/post/:postId/expression', auth: true },
  commentOnPost: { method: 'POST', path: 'user/team/:id/post/:postId/expression', auth: true },
  requestCheckin: { method: 'POST', path: 'user/team/:id/checkin', auth: true },
  checkinStatus: { method: 'GET', path: 'user/team/:id/checkin', auth: true },
  checkin: { method: 'GET', path: 'user/team/:id/checkin/:checkinId', auth: true },
  answerCheckin: { method: 'POST', path: 'user/team/:id/checkin/:checkinId', auth: true },
  checkinMetrics: { method: 'GET', path: 'user/team/:id/checkin/metrics', auth: true },
  checkinMetricsDetail: { method: 'GET', path: 'user/team/:id/checkin/metrics/detail', auth: true },
  teamStats: { method: 'GET', path: 'user/team/:id/stats', auth: true },
  todoLists: { method: 'GET', path: 'user/team/:id/todo-list', auth: true },
  createTodoList: { method: 'POST', path: 'user/team/:id/todo-list', auth: true },
  todoList: { method: 'GET', path: 'user/team/:id/todo-list/:listId', auth: true },
  taskTimeline: { method: 'GET', path: 'user/team/:id/todo-list/:listId/timeline', auth: true },
  createTask: { method: 'POST', path: 'user/team/:id/todo-list/:listId/todo-list-item', auth: true },
  updateTask: { method: 'PUT', path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId', auth: true },
  deleteTask: { method: 'DELETE', path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId', auth: true },
  taskReactions: { method: 'GET', path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId/buzz', auth: true },
  reactToTask: { method: 'POST', path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId/buzz', auth: true },
  clearTaskReaction: {
    method: 'DELETE',
    path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId/buzz',
    auth: true,
  },
  taskComments: {
    method: 'GET',
    path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId/expression',
    auth: true,
  },
  commentOnTask: {
    method: 'POST',
    path: 'user/team/:id/todo-list/:listId/todo-list-item/:itemId/expression',
    auth: true,
  },
  topicOfDay: { method: 'GET', path: 'user/team/:id/topic-of-day', auth: true },
  createTopic: { method: 'POST', path: 'user/team/:id/topic', auth: true },
  updateTopic: { method: 'PUT', path: 'user/team/:id/topic/:topicId', auth: true },
  scheduledTopics: { method: 'GET', path: 'user/team/:id/topics/scheduled', auth: true },
  presignUpload: { method: 'GET', path: 's3-upload-presigned-request', auth: true },
  notifications: { method: 'GET', path: 'user/notifications', auth: true },
  unreadNotifications: { method: 'GET', path: 'user/notifications/unread', auth: true },
  recentNotificationsCount: { method: 'GET', path: 'user/notifications/recent-notifications-count', auth: true },
  registerDeviceToken: { method: 'POST', path: 'register-device-token', auth: true },
  pushPublicKey: { method: 'GET', path: 'push/public-key', auth: true },
  teamPush: { method: 'GET', path: 'user/team/:id/push', auth: true },
  setTeamPush: { method: 'POST', path: 'user/team/:id/push', auth: true },
  portfolio: { method: 'GET', path: 'user/portfolio', auth: true },
  portfolioSettings: { method: 'GET', path: 'user/portfolio/settings', auth: true },
  updatePortfolioSettings: { method: 'PUT', path: 'user/portfolio/settings', auth: true },
} as const satisfies Record<string, Pick<ApiRoute, 'method' | 'path' | 'auth'>>;

/** The route table without its schemas, for clients: each entry typed with its whole route. */
export const Endpoints: EndpointTableOf<Exclude<keyof typeof Routes, PromptRouteName | WatercoolerRouteName>> =
  endpointPaths;
