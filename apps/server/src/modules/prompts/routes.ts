import type { FastifyRequest } from 'fastify';
import { MediaLimits, Limits, PromptMessages, Routes } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { readMultipart, type FormFile } from '../../http/multipart.js';
import { routeOf, type Api } from '../../http/route.js';
import { parse } from '../../http/validate.js';
import type { PromptsService } from './service.js';

/**
 * Reads a prompt's form: multipart (text fields and up to `maxFiles` files `media`, each read
 * whole, at most `maxBytes`: the size limit of the kind it must be; 413 past it) or JSON (an upload
 * key in `media`).
 */
async function readForm(
  request: FastifyRequest,
  maxFiles: number,
  maxBytes: number,
): Promise<{ fields: Record<string, unknown>; files: FormFile[] }> {
  const form = await readMultipart(request, {
    fileFields: ['media'],
    limits: { files: maxFiles, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024 },
  });
  return form ?? { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
}

/**
 * A video and a slideshow are published, reminded of, hidden and counted by the same calls;
 * each row names its kind's routes and the path parameter that holds its id.
 */
const TWINS = [
  {
    kind: 'video',
    param: 'videoId',
    publish: Routes.publishVideo,
    remind: Routes.remindVideo,
    hide: Routes.hideVideoResponse,
    list: Routes.videos,
    metrics: Routes.videoMetrics,
    responses: Routes.videoResponses,
  },
  {
    kind: 'slideshow',
    param: 'slideshowId',
    publish: Routes.publishSlideshow,
    remind: Routes.remindSlideshow,
    hide: Routes.hideSlideshowResponse,
    list: Routes.slideshows,
    metrics: Routes.slideshowMetrics,
    responses: Routes.slideshowResponses,
  },
] as const;

/** The prompt's id in a twin route's path, which the route's schema has already read as a number. */
function promptIdOf(params: Record<string, number>, name: string): number {
  const id = params[name];
  // The table pairs each route with its own parameter, so a miss is a programming error.
  if (id === undefined) throw new Error(`The path has no :${name}.`);
  return id;
}

/** Team videos and slideshows: asking, answering, reminding, hiding, publishing and the statistics (issue 22). */
export function promptRoutes(api: Api, { prompts }: { prompts: PromptsService }): void {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  // Asking
  api.route({
    ...routeOf(api, Routes.createVideo),
    handler: async (request) => {
      const form = await readForm(request, 1, Limits.videoMaxBytes);
      const input = parse(Routes.createVideo.form, form.fields);
      return ok(await prompts.createVideo(userId(request), request.params.id, input, form.files[0]));
    },
  });
  api.route({
    ...routeOf(api, Routes.createSlideshow),
    handler: async (request) => {
      const form = await readForm(request, 1, Limits.imageMaxBytes);
      const input = parse(Routes.createSlideshow.form, form.fields);
      return ok(await prompts.createSlideshow(userId(request), request.params.id, input, form.files[0]));
    },
  });

  // One prompt (each kind's own answer type, so these stay out of the twins below)
  api.route({
    ...routeOf(api, Routes.video),
    handler: async (request) =>
      ok(await prompts.get(userId(request), request.params.id, 'video', request.params.videoId)),
  });
  // The members' view is the same detail under its own path.
  for (const route of [Routes.slideshow, Routes.slideshowMembers])
    api.route({
      ...routeOf(api, route),
      handler: async (request) =>
        ok(await prompts.get(userId(request), request.params.id, 'slideshow', request.params.slideshowId)),
    });
  api.route({
    ...routeOf(api, Routes.videoOfPost),
    handler: async (request) => ok(await prompts.ofPost(userId(request), request.params.id, request.params.postId)),
  });

  // Answering
  api.route({
    ...routeOf(api, Routes.respondToVideo),
    handler: async (request) => {
      const form = await readForm(request, 1, Limits.videoMaxBytes);
      const input = parse(Routes.respondToVideo.form, form.fields);
      const { id, videoId } = request.params;
      return ok(
        await prompts.respondToVideo(userId(request), id, videoId, input, form.files[0]),
        PromptMessages.responseSent,
      );
    },
  });
  api.route({
    ...routeOf(api, Routes.respondToSlideshow),
    handler: async (request) => {
      // One more than allowed is read, so the answer says "at most 5" rather than a bare 413.
      const form = await readForm(request, MediaLimits.slideshowResponseImagesMax + 1, Limits.imageMaxBytes);
      const input = parse(Routes.respondToSlideshow.form, form.fields);
      const { id, slideshowId } = request.params;
      return ok(
        await prompts.respondToSlideshow(userId(request), id, slideshowId, input.caption, form.files),
        PromptMessages.responseSent,
      );
    },
  });

  // The same calls for either kind, told apart by the kind and the name of its id in the path
  for (const twin of TWINS) {
    const promptId = (params: Record<string, number>) => promptIdOf(params, twin.param);
    // The owner's acts
    api.route({
      ...routeOf(api, twin.publish),
      handler: async (request) =>
        ok(
          await prompts.publish(userId(request), request.params.id, twin.kind, promptId(request.params)),
          PromptMessages.published,
        ),
    });
    api.route({
      ...routeOf(api, twin.remind),
      handler: async (request) => {
        const { id, userId: memberId } = request.params;
        return ok(
          await prompts.remind(userId(request), id, twin.kind, promptId(request.params), memberId),
          PromptMessages.reminderSent,
        );
      },
    });
    api.route({
      ...routeOf(api, twin.hide),
      handler: async (request) => {
        const { id, responseId } = request.params;
        const { hidden } = request.body;
        return ok(
          await prompts.hide(userId(request), id, twin.kind, promptId(request.params), responseId, hidden),
          hidden ? PromptMessages.responseHidden : PromptMessages.responseShown,
        );
      },
    });

    // Statistics (leads)
    api.route({
      ...routeOf(api, twin.list),
      handler: async (request) => prompts.list(userId(request), request.params.id, twin.kind, request.query),
    });
    api.route({
      ...routeOf(api, twin.metrics),
      handler: async (request) =>
        ok(await prompts.metrics(userId(request), request.params.id, twin.kind, request.query)),
    });
    api.route({
      ...routeOf(api, twin.responses),
      handler: async (request) =>
        prompts.responses(userId(request), request.params.id, twin.kind, promptId(request.params), request.query),
    });
  }
}
