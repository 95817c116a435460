import type { EndpointTableOf } from './endpoints.js';
import type { ApiRoute } from './route.js';

/**
 * Engagement video and slideshow calls (spec §7; decisions.md; issue 22), apart from
 * `endpointPaths`: only their screens, loaded lazily, need them, and the sign-in screens carry
 * `Endpoints` within a fixed budget. A module of its own, so the bundler can leave it out of the
 * entry chunk.
 */
export const promptEndpointPaths = {
  createVideo: { method: 'POST', path: 'user/team/:id/video', auth: true },
  video: { method: 'GET', path: 'user/team/:id/video/:videoId', auth: true },
  respondToVideo: { method: 'POST', path: 'user/team/:id/video/:videoId', auth: true },
  videos: { method: 'GET', path: 'user/team/:id/videos', auth: true },
  videoMetrics: { method: 'GET', path: 'user/team/:id/videos/metrics', auth: true },
  videoOfPost: { method: 'GET', path: 'user/team/:id/videos/:postId', auth: true },
  videoResponses: { method: 'GET', path: 'user/team/:id/video/:videoId/responses', auth: true },
  publishVideo: { method: 'POST', path: 'user/team/:id/video/:videoId/publish', auth: true },
  remindVideo: { method: 'POST', path: 'user/team/:id/video/:videoId/user/:userId/response-reminder', auth: true },
  hideVideoResponse: { method: 'POST', path: 'user/team/:id/video/:videoId/responses/:responseId/hide', auth: true },
  createSlideshow: { method: 'POST', path: 'user/team/:id/slideshow', auth: true },
  slideshow: { method: 'GET', path: 'user/team/:id/slideshow/:slideshowId', auth: true },
  respondToSlideshow: { method: 'POST', path: 'user/team/:id/slideshow/:slideshowId', auth: true },
  slideshows: { method: 'GET', path: 'user/team/:id/slideshows', auth: true },
  slideshowMetrics: { method: 'GET', path: 'user/team/:id/slideshows/metrics', auth: true },
  slideshowMembers: { method: 'GET', path: 'user/team/:id/slideshows/:slideshowId', auth: true },
  slideshowResponses: { method: 'GET', path: 'user/team/:id/slideshows/:slideshowId/responses', auth: true },
  publishSlideshow: { method: 'POST', path: 'user/team/:id/slideshow/:slideshowId/publish', auth: true },
  remindSlideshow: {
    method: 'POST',
    path: 'user/team/:id/slideshow/:slideshowId/user/:userId/response-reminder',
    auth: true,
  },
  hideSlideshowResponse: {
    method: 'POST',
    path: 'user/team/:id/slideshow/:slideshowId/responses/:responseId/hide',
    auth: true,
  },
} as const satisfies Record<string, Pick<ApiRoute, 'method' | 'path' | 'auth'>>;

export type PromptRouteName = keyof typeof promptEndpointPaths;

/** The team video and slideshow calls, as `Endpoints` (imported by the screens that use them). */
export const PromptEndpoints: EndpointTableOf<PromptRouteName> = promptEndpointPaths;
