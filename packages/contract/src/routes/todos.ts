import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { pageQuery } from '../schemas/common.js';
import {
  buzzQuery,
  commentDto,
  commentResultDto,
  commentSchema,
  engagementDto,
  reactionDto,
} from '../schemas/posts.js';
import { teamParams } from '../schemas/teams.js';
import {
  createTaskSchema,
  createTodoListSchema,
  taskDto,
  taskParams,
  taskTimelineQuery,
  todoListDto,
  todoListParams,
  updateTaskSchema,
} from '../schemas/todos.js';

/** To-do lists and their tasks (spec §7 To-do), with the tasks' reactions and comments. */
export const todoRoutes = {
  todoLists: defineRoute({
    ...endpointPaths.todoLists,
    params: teamParams,
    query: pageQuery,
    response: pagedEnvelopeOf(todoListDto),
  }),
  createTodoList: defineRoute({
    ...endpointPaths.createTodoList,
    params: teamParams,
    body: createTodoListSchema,
    status: 201,
    response: envelopeOf(todoListDto),
  }),
  todoList: defineRoute({ ...endpointPaths.todoList, params: todoListParams, response: envelopeOf(todoListDto) }),
  taskTimeline: defineRoute({
    ...endpointPaths.taskTimeline,
    params: todoListParams,
    query: taskTimelineQuery,
    response: pagedEnvelopeOf(taskDto),
  }),
  createTask: defineRoute({
    ...endpointPaths.createTask,
    params: todoListParams,
    body: createTaskSchema,
    status: 201,
    response: envelopeOf(taskDto),
  }),
  updateTask: defineRoute({
    ...endpointPaths.updateTask,
    params: taskParams,
    body: updateTaskSchema,
    response: envelopeOf(taskDto),
  }),
  deleteTask: defineRoute({ ...endpointPaths.deleteTask, params: taskParams, response: envelopeOf(z.null()) }),
  taskReactions: defineRoute({
    ...endpointPaths.taskReactions,
    params: taskParams,
    response: envelopeOf(z.array(reactionDto)),
  }),
  reactToTask: defineRoute({
    ...endpointPaths.reactToTask,
    params: taskParams,
    query: buzzQuery,
    body: buzzQuery.optional(),
    response: envelopeOf(engagementDto),
  }),
  clearTaskReaction: defineRoute({
    ...endpointPaths.clearTaskReaction,
    params: taskParams,
    response: envelopeOf(engagementDto),
  }),
  taskComments: defineRoute({
    ...endpointPaths.taskComments,
    params: taskParams,
    query: pageQuery,
    response: pagedEnvelopeOf(commentDto),
  }),
  commentOnTask: defineRoute({
    ...endpointPaths.commentOnTask,
    params: taskParams,
    body: commentSchema,
    status: 201,
    response: envelopeOf(commentResultDto),
  }),
};
