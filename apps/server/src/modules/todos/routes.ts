import type { FastifyRequest } from 'fastify';
import { PostMessages, Routes, TodoMessages } from '@rally/contract';
import { principalOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { validation } from '../../http/errors.js';
import { routeOf, type Api } from '../../http/route.js';
import type { EngagementService } from '../engagement/service.js';
import type { TodosService } from './service.js';

/** To-do lists, tasks, and the tasks' reactions and comments (the timeline's mechanism, ADR 0012). */
export function todoRoutes(api: Api, { todos, engagement }: { todos: TodosService; engagement: EngagementService }) {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.todoLists),
    handler: async (request) =>
      todos.lists(userId(request), request.params.id, request.query.page, request.query.per_page),
  });
  api.route({
    ...routeOf(api, Routes.createTodoList),
    handler: async (request) =>
      ok(await todos.createList(userId(request), request.params.id, request.body.name), TodoMessages.listCreated),
  });
  api.route({
    ...routeOf(api, Routes.todoList),
    handler: async (request) => ok(await todos.list(userId(request), request.params.id, request.params.listId)),
  });
  api.route({
    ...routeOf(api, Routes.taskTimeline),
    handler: async (request) =>
      todos.timeline(userId(request), request.params.id, request.params.listId, request.query),
  });
  api.route({
    ...routeOf(api, Routes.createTask),
    handler: async (request) =>
      ok(
        await todos.createTask(userId(request), request.params.id, request.params.listId, request.body),
        TodoMessages.taskCreated,
      ),
  });
  api.route({
    ...routeOf(api, Routes.updateTask),
    // The body can only say status_id 2 (the schema): 'Mark as done'.
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      return ok(await todos.complete(userId(request), id, listId, itemId), TodoMessages.taskCompleted);
    },
  });
  api.route({
    ...routeOf(api, Routes.deleteTask),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      await todos.deleteTask(userId(request), id, listId, itemId);
      return ok(null, TodoMessages.taskDeleted);
    },
  });

  api.route({
    ...routeOf(api, Routes.taskReactions),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      return ok(await engagement.reactions(await todos.subject(userId(request), id, listId, itemId)));
    },
  });
  api.route({
    ...routeOf(api, Routes.reactToTask),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      // As on posts: buzz_type_id in the query (spec §7), or a JSON body.
      const buzz = request.query.buzz_type_id ?? request.body?.buzz_type_id;
      if (buzz === undefined) throw validation({ buzz_type_id: [PostMessages.buzzInvalid] });
      const subject = await todos.subject(userId(request), id, listId, itemId);
      return ok(await engagement.react(subject, id, userId(request), buzz));
    },
  });
  api.route({
    ...routeOf(api, Routes.clearTaskReaction),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      const subject = await todos.subject(userId(request), id, listId, itemId);
      return ok(await engagement.react(subject, id, userId(request), null));
    },
  });
  api.route({
    ...routeOf(api, Routes.taskComments),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      const subject = await todos.subject(userId(request), id, listId, itemId);
      return engagement.comments(subject, request.query.page, request.query.per_page);
    },
  });
  api.route({
    ...routeOf(api, Routes.commentOnTask),
    handler: async (request) => {
      const { id, listId, itemId } = request.params;
      const subject = await todos.subject(userId(request), id, listId, itemId);
      return ok(await engagement.comment(subject, id, userId(request), request.body));
    },
  });
}
