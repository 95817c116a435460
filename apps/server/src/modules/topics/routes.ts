import type { FastifyRequest } from 'fastify';
import { Routes, TopicMessages } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';
import type { TopicsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The topics service; tests run its scheduled job (`publishDue`) on each app instance. */
    topics: TopicsService;
  }
}

/** The Inspiration topic: the topic of the day, writing it (now or ahead) and the scheduled list. */
export function topicRoutes(api: Api, { topics }: { topics: TopicsService }) {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.topicOfDay),
    handler: async (request) => ok(await topics.topicOfDay(userId(request), request.params.id)),
  });
  api.route({
    ...routeOf(api, Routes.scheduledTopics),
    handler: async (request) => ok(await topics.scheduled(userId(request), request.params.id)),
  });
  api.route({
    ...routeOf(api, Routes.createTopic),
    handler: async (request) => {
      const topic = await topics.create(userId(request), request.params.id, request.body);
      return ok(topic, topic.published_at ? TopicMessages.created : TopicMessages.scheduled(topic.publish_date));
    },
  });
  api.route({
    ...routeOf(api, Routes.updateTopic),
    handler: async (request) =>
      ok(
        await topics.update(userId(request), request.params.id, request.params.topicId, request.body),
        TopicMessages.updated,
      ),
  });
}
