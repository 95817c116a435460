import type { Kysely } from 'kysely';
import { dialectOf, references, withId } from '../dialect.js';

/**
 * To-do lists and their tasks (spec §3). A task is a reactable object like a post (ADR 0012): it
 * keeps its own `buzzes_count` / `expressions_count`, and `reactions` / `comments` gain a
 * nullable `task_id` that follows the task on delete, so the one engagement mechanism serves both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('todo_lists'), d)
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A page of a team's lists, newest first.
  await db.schema.createIndex('todo_lists_team_id').on('todo_lists').columns(['team_id', 'id']).execute();
  await db.schema.createIndex('todo_lists_user_id').on('todo_lists').column('user_id').execute();

  await withId(db.schema.createTable('todo_tasks'), d)
    .addColumn('todo_list_id', 'integer', (c) => references('todo_lists.id')(c.notNull()))
    .addColumn('team_id', 'integer', (c) => references('teams.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addColumn('description', 'text')
    .addColumn('priority', 'text')
    /** 'YYYY-MM-DD'. */
    .addColumn('due_date', 'text')
    .addColumn('media_key', 'text')
    .addColumn('media_type_id', 'integer')
    /** 1 incomplete, 2 completed (decisions.md); never back. */
    .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('completed_by', 'integer', (c) => references('users.id', 'set null')(c))
    .addColumn('completed_at', 'text')
    .addColumn('buzzes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expressions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A page of a list (all, or one status), either order, is a range of one of these.
  await db.schema.createIndex('todo_tasks_list_id').on('todo_tasks').columns(['todo_list_id', 'id']).execute();
  await db.schema
    .createIndex('todo_tasks_list_status_id')
    .on('todo_tasks')
    .columns(['todo_list_id', 'status_id', 'id'])
    .execute();
  await db.schema.createIndex('todo_tasks_team_id').on('todo_tasks').column('team_id').execute();
  await db.schema.createIndex('todo_tasks_user_id').on('todo_tasks').column('user_id').execute();

  await db.schema
    .createTable('todo_task_tags')
    .addColumn('task_id', 'integer', (c) => references('todo_tasks.id')(c.notNull()))
    .addColumn('user_id', 'integer', (c) => references('users.id')(c.notNull()))
    .addPrimaryKeyConstraint('todo_task_tags_pk', ['task_id', 'user_id'])
    .execute();
  await db.schema.createIndex('todo_task_tags_user_id').on('todo_task_tags').column('user_id').execute();

  // The engagement mechanism's column for tasks (ADR 0012).
  await db.schema
    .alterTable('reactions')
    .addColumn('task_id', 'integer', (c) => references('todo_tasks.id')(c))
    .execute();
  await db.schema
    .alterTable('comments')
    .addColumn('task_id', 'integer', (c) => references('todo_tasks.id')(c))
    .execute();
  await db.schema.createIndex('reactions_task_user').on('reactions').columns(['task_id', 'user_id']).unique().execute();
  await db.schema.createIndex('reactions_task_recent').on('reactions').columns(['task_id', 'id']).execute();
  await db.schema.createIndex('comments_task_recent').on('comments').columns(['task_id', 'id']).execute();
  await db.schema.createIndex('comments_task_user').on('comments').columns(['task_id', 'user_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['reactions_task_user', 'reactions_task_recent', 'comments_task_recent', 'comments_task_user'])
    await db.schema.dropIndex(i).execute();
  await db.schema.alterTable('reactions').dropColumn('task_id').execute();
  await db.schema.alterTable('comments').dropColumn('task_id').execute();
  for (const t of ['todo_task_tags', 'todo_tasks', 'todo_lists']) await db.schema.dropTable(t).execute();
}
