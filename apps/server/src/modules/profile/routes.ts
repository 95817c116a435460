import type { FastifyRequest } from 'fastify';
import { FUN_PIC_FIELDS, Messages, Routes, type FunPicField, ProfileMessages } from '@rally/contract';
import { principalOf, sessionOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { validation } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { MINUTE, perIp } from '../../http/rate-limits.js';
import { routeOf, type Api } from '../../http/route.js';
import { parse } from '../../http/validate.js';
import type { AuthService } from '../auth/service.js';
import type { ProfileImage, ProfileService } from './service.js';

/**
 * Reads one image of a profile form: a multipart file in one of `fields`, or a JSON body that
 * `clear` accepts (`{ avatar: null }`), which clears it. Answers which field and its bytes or null.
 */
async function readImage<F extends ProfileImage>(
  request: FastifyRequest,
  fields: readonly F[],
  clear: (body: unknown) => F,
): Promise<{ field: F; data: Buffer | null }> {
  const form = await readMultipart(request, { fileFields: fields });
  if (!form) return { field: clear(request.body ?? {}), data: null };
  const file = form.files[0];
  if (!file || file.data.length === 0) throw validation({ [fields[0] ?? 'file']: [ProfileMessages.imageRequired] });
  return { field: file.fieldname, data: file.data };
}

export function profileRoutes(api: Api, { auth, profile }: { auth: AuthService; profile: ProfileService }): void {
  const userId = (request: FastifyRequest) => principalOf(request).id;

  api.route({
    ...routeOf(api, Routes.profile),
    handler: async (request) => ok(await profile.own(userId(request))),
  });

  api.route({
    ...routeOf(api, Routes.userProfile),
    handler: async (request) => ok(await profile.view(userId(request), request.params.id)),
  });

  api.route({
    ...routeOf(api, Routes.changePassword, perIp(10, MINUTE)),
    handler: async (request) => {
      await auth.changePassword(sessionOf(request), request.body);
      return ok(null, Messages.passwordChanged);
    },
  });

  api.route({
    ...routeOf(api, Routes.updateAvatar),
    handler: async (request) => {
      const { data } = await readImage(request, ['avatar'] as const, (body) => {
        parse(Routes.updateAvatar.form, body);
        return 'avatar' as const;
      });
      return ok(await profile.setImage(userId(request), 'avatar', data), ProfileMessages.avatarUpdated);
    },
  });

  api.route({
    ...routeOf(api, Routes.updateCover),
    handler: async (request) => {
      const { data } = await readImage(request, ['cover'] as const, (body) => {
        parse(Routes.updateCover.form, body);
        return 'cover' as const;
      });
      return ok(await profile.setImage(userId(request), 'cover', data), ProfileMessages.coverUpdated);
    },
  });

  api.route({
    ...routeOf(api, Routes.updateFunPics),
    handler: async (request) => {
      const { field, data } = await readImage(request, FUN_PIC_FIELDS, (body) => {
        const cleared = parse(Routes.updateFunPics.form, body);
        return Object.keys(cleared)[0] as FunPicField;
      });
      return ok(await profile.setImage(userId(request), field, data), ProfileMessages.funPicUpdated);
    },
  });

  api.route({
    ...routeOf(api, Routes.updateAboutMe),
    handler: async (request) =>
      ok(await profile.setAboutMe(userId(request), request.body.about_me), ProfileMessages.aboutMeUpdated),
  });

  api.route({
    ...routeOf(api, Routes.updateSkills),
    handler: async (request) =>
      ok(await profile.setSkills(userId(request), request.body.about_skills), ProfileMessages.skillsUpdated),
  });

  api.route({
    ...routeOf(api, Routes.updateBio),
    handler: async (request) => {
      const { profile: dto, message } = await profile.updateBio(userId(request), request.body);
      return ok(dto, message);
    },
  });

  api.route({
    ...routeOf(api, Routes.updateMood),
    handler: async (request) =>
      ok(await profile.setMood(userId(request), request.body.mood_id), ProfileMessages.moodUpdated),
  });
}
