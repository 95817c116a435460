import { defineModule } from '../../module.js';
import { MembersRepository } from './repository.js';
import { memberRoutes } from './routes.js';
import { MembersService } from './service.js';
import { TeamAccess } from './team-access.js';

declare module '../../module.js' {
  interface Services {
    /** Memberships and roles, read by every module that checks who may do what. */
    memberships: MembersRepository;
    /** The one way services ask the permission table (spec §6). */
    access: TeamAccess;
  }
}

/** Members: the member list, roles, removal; the permission checks of every module. */
export const membersModule = defineModule({
  name: 'members',
  setup({ services, db }) {
    services.memberships = new MembersRepository(db.kysely);
    services.access = new TeamAccess(services.memberships);
  },
  routes: (api, { services, db }) =>
    memberRoutes(api, {
      members: new MembersService(db.kysely, services.memberships, services.access, services.uploads.urlOf),
    }),
});
