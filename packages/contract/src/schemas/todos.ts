import { z } from 'zod';
import { Limits } from '../limits.js';
import { TodoMessages } from '../todo-messages.js';
import { TaskStatus } from '../ids.js';
import { MAX_ID, idParam, isCalendarDay, pageQuery, textField } from './common.js';
import { engagementDto, mediaStateDto, mediaTypeName, uploadKeyField, userRefDto } from './posts.js';
import { teamParams } from './teams.js';

/** `user/team/:id/todo-list/:listId/...` */
export const todoListParams = teamParams.extend({ listId: idParam });
/** `user/team/:id/todo-list/:listId/todo-list-item/:itemId/...` */
export const taskParams = todoListParams.extend({ itemId: idParam });

/** POST user/team/:id/todo-list: a list name of 4 to 50 characters (spec §5). */
export const createTodoListSchema = z.object({
  name: textField('line', TodoMessages.listNameRequired)
    .min(1, { error: TodoMessages.listNameRequired, abort: true })
    .min(Limits.listNameMin, TodoMessages.listNameLength)
    .max(Limits.listNameMax, TodoMessages.listNameLength),
});
export type CreateTodoListInput = z.input<typeof createTodoListSchema>;

export const todoListDto = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  name: z.string(),
  /** The viewer's unread notifications about this list's tasks. */
  notifications_count: z.number().int(),
  user: userRefDto,
  created_at: z.string(),
});
export type TodoListDto = z.infer<typeof todoListDto>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * POST .../todo-list/:listId/todo-list-item (spec §5): a description of 4–500 characters unless a
 * file is attached (sent as `description`, or as `text`), a priority of up to 25, a due date,
 * the members it tags and one file by its upload key.
 */
export const createTaskSchema = z
  .object({
    description: textField('lines').nullable().optional(),
    text: textField('lines').nullable().optional(),
    priority: z.preprocess(
      blankToNull,
      textField('line').max(Limits.priorityMax, TodoMessages.priorityMax).nullable().optional(),
    ),
    due_date: z.preprocess(
      blankToNull,
      textField('line', TodoMessages.dueDateInvalid)
        .refine(isCalendarDay, TodoMessages.dueDateInvalid)
        .nullable()
        .optional(),
    ),
    media: uploadKeyField.nullable().optional(),
    media_type: mediaTypeName.nullable().optional(),
    media_type_id: z.coerce.number().int().min(1).max(4).nullable().optional(),
    tag_users: z.array(z.coerce.number().int().positive().max(MAX_ID)).max(100).nullable().optional(),
  })
  .transform((v, ctx) => {
    const description = v.description || v.text || null;
    const media = v.media ?? null;
    if (!description && !media)
      ctx.addIssue({ code: 'custom', path: ['description'], message: TodoMessages.taskDescriptionOrMedia });
    else if (
      description &&
      (description.length < Limits.taskDescriptionMin || description.length > Limits.taskDescriptionMax)
    )
      ctx.addIssue({ code: 'custom', path: ['description'], message: TodoMessages.taskDescriptionLength });
    return {
      description,
      priority: v.priority || null,
      due_date: v.due_date ?? null,
      media,
      tag_users: v.tag_users ?? [],
    };
  });
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskData = z.output<typeof createTaskSchema>;

/** PUT .../todo-list-item/:itemId: `status_id` 2 marks the task done; nothing takes it back (spec §4). */
export const updateTaskSchema = z.object({
  status_id: z.coerce
    .number({ error: TodoMessages.statusInvalid })
    .refine((v) => v === TaskStatus.Completed, TodoMessages.statusInvalid),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

export const TASK_ORDERS = ['newest', 'oldest'] as const;
export type TaskOrder = (typeof TASK_ORDERS)[number];

/** GET .../todo-list/:listId/timeline?page&order_by&status_id: All (no status), Completed (2), Incomplete (1). */
export const taskTimelineQuery = pageQuery.extend({
  order_by: z.enum(TASK_ORDERS, { error: TodoMessages.orderByInvalid }).default('newest'),
  status_id: z.coerce
    .number({ error: TodoMessages.statusFilterInvalid })
    .refine((v) => v === TaskStatus.Incomplete || v === TaskStatus.Completed, TodoMessages.statusFilterInvalid)
    .optional(),
});
export type TaskTimelineQuery = z.output<typeof taskTimelineQuery>;

export const taskDto = engagementDto.extend({
  id: z.number().int(),
  todo_list_id: z.number().int(),
  team_id: z.number().int(),
  description: z.string().nullable(),
  /** The description again, as the spec names it both ways. */
  text: z.string().nullable(),
  priority: z.string().nullable(),
  /** 'YYYY-MM-DD' or null. */
  due_date: z.string().nullable(),
  /** A signed, expiring URL of the attached file. */
  media: z.string().nullable(),
  media_type: z.enum(['photo', 'video', 'audio']).nullable(),
  media_type_id: z.number().int().nullable(),
  /** Where an attached video or audio file stands, and its poster (issue 22). */
  ...mediaStateDto.shape,
  /** 1 incomplete, 2 completed (decisions.md). */
  status_id: z.number().int(),
  completed_at: z.string().nullable(),
  completed_by: userRefDto.nullable(),
  tagged_users: z.array(userRefDto),
  tag_users: z.array(z.number().int()),
  /** Who created it. */
  user: userRefDto,
  created_at: z.string(),
});
export type TaskDto = z.infer<typeof taskDto>;
