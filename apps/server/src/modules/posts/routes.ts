import type { FastifyRequest } from 'fastify';
import { PostType, Routes, PostMessages } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { validation } from '../../http/errors.js';
import { routeOf, type Api } from '../../http/route.js';
import type { EngagementService } from '../engagement/service.js';
import type { PostsService } from './service.js';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** Timeline, dashboard, posting, sharing, deleting, and the reactions and comments of posts. */
export function postRoutes(api: Api, { posts, engagement }: { posts: PostsService; engagement: EngagementService }) {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.timeline),
    // The answer comes serialised (the shared part of the page is cached as JSON, ADR 0015); a
    // string with a JSON content type is sent as it is, past the schema's serializer.
    handler: async (request, reply) => {
      const json = await posts.timeline(userId(request), request.params.id, request.query);
      return reply.header('content-type', JSON_UTF8).send(json as never);
    },
  });
  api.route({
    ...routeOf(api, Routes.dashboard),
    handler: async (request) => posts.dashboard(userId(request), request.query),
  });
  api.route({
    ...routeOf(api, Routes.post),
    handler: async (request) => ok(await posts.get(userId(request), request.params.id, request.params.postId)),
  });
  api.route({
    ...routeOf(api, Routes.createPost),
    handler: async (request) => ok(await posts.createText(userId(request), request.params.id, request.body)),
  });
  api.route({
    ...routeOf(api, Routes.createCelebration),
    handler: async (request) =>
      ok(await posts.createCelebration(userId(request), request.params.id, PostType.celebration, request.body)),
  });
  api.route({
    ...routeOf(api, Routes.createBrightIdea),
    handler: async (request) =>
      ok(await posts.createCelebration(userId(request), request.params.id, PostType.brightidea, request.body)),
  });
  api.route({
    ...routeOf(api, Routes.deletePost),
    handler: async (request) => {
      await posts.delete(userId(request), request.params.id, request.params.postId);
      return ok(null, PostMessages.postDeleted);
    },
  });
  api.route({
    ...routeOf(api, Routes.sharePost),
    handler: async (request) =>
      ok(
        await posts.share(userId(request), request.params.id, request.params.postId, request.body.team_ids),
        PostMessages.postShared,
      ),
  });

  api.route({
    ...routeOf(api, Routes.postReactions),
    handler: async (request) => {
      const { id, postId } = request.params;
      return ok(await engagement.reactions(await posts.visible(userId(request), id, postId)));
    },
  });
  api.route({
    ...routeOf(api, Routes.reactToPost),
    handler: async (request) => {
      const { id, postId } = request.params;
      // The spec sends buzz_type_id in the query; a JSON body is accepted too.
      const buzz = request.query.buzz_type_id ?? request.body?.buzz_type_id;
      if (buzz === undefined) throw validation({ buzz_type_id: [PostMessages.buzzInvalid] });
      const subject = await posts.engageable(userId(request), id, postId);
      return ok(await engagement.react(subject, id, userId(request), buzz));
    },
  });
  api.route({
    ...routeOf(api, Routes.clearPostReaction),
    handler: async (request) => {
      const { id, postId } = request.params;
      const subject = await posts.engageable(userId(request), id, postId);
      return ok(await engagement.react(subject, id, userId(request), null));
    },
  });
  api.route({
    ...routeOf(api, Routes.postComments),
    handler: async (request) => {
      const { id, postId } = request.params;
      const subject = await posts.visible(userId(request), id, postId);
      return engagement.comments(subject, request.query.page, request.query.per_page);
    },
  });
  api.route({
    ...routeOf(api, Routes.commentOnPost),
    handler: async (request) => {
      const { id, postId } = request.params;
      const subject = await posts.engageable(userId(request), id, postId);
      return ok(await engagement.comment(subject, id, userId(request), request.body));
    },
  });
}
