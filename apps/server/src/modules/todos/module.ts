import { defineModule } from '../../module.js';
import { TodosRepository } from './repository.js';
import { todoRoutes } from './routes.js';
import { TodosService } from './service.js';

/** To-do lists and their tasks; reactions and comments through engagement. */
export const todosModule = defineModule({
  name: 'todos',
  routes: (api, { services, db, queue }) =>
    todoRoutes(api, {
      todos: new TodosService({
        db: db.kysely,
        repo: new TodosRepository(db.kysely, services.comments),
        members: services.memberships,
        access: services.access,
        comments: services.comments,
        attachments: services.uploads,
        queue,
      }),
      engagement: services.engagement,
    }),
});
