import { defineModule } from '../../module.js';
import { InviteCap } from './invite-cap.js';
import { InvitationsRepository } from './repository.js';
import { invitationRoutes } from './routes.js';
import { InvitationsService } from './service.js';

/** Invitations by e-mail: pending list, join, reject; the per-user cap on invitation mails. */
export const invitationsModule = defineModule({
  name: 'invitations',
  routes: (api, { services, db, config, redis, options }) =>
    invitationRoutes(api, {
      invitations: new InvitationsService({
        db: db.kysely,
        repo: new InvitationsRepository(db.kysely),
        members: services.memberships,
        access: services.access,
        teams: services.teams,
        mailer: services.mailer,
        publicUrl: config.PUBLIC_URL,
        cap: new InviteCap({
          perHour: config.LIMIT_INVITE_RECIPIENTS_PER_HOUR,
          perDay: config.LIMIT_INVITE_RECIPIENTS_PER_DAY,
          redis,
          keyPrefix: options.rateLimitNamespace,
        }),
      }),
    }),
});
