import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import {
  aboutMeSchema,
  bioSchema,
  clearAvatarSchema,
  clearCoverSchema,
  clearFunPicSchema,
  confirmEmailChangeSchema,
  emailChangeSchema,
  geocodeQuery,
  geocodeResultDto,
  geocoderDto,
  ownProfileDto,
  profileMoodSchema,
  skillsSchema,
  userIdParams,
  userProfileDto,
} from '../schemas/profile.js';
import { userDto } from '../schemas/auth.js';

const own = envelopeOf(ownProfileDto);

/** Profile of spec §7 (the password change is with the account calls). */
export const profileRoutes = {
  geocoder: defineRoute({ ...endpointPaths.geocoder, response: envelopeOf(geocoderDto) }),
  /** Location autocomplete through the server's geocoder (404 when GEOCODER_URL is not set). */
  geocode: defineRoute({
    ...endpointPaths.geocode,
    query: geocodeQuery,
    response: envelopeOf(z.array(geocodeResultDto)),
  }),
  profile: defineRoute({ ...endpointPaths.profile, response: own }),
  userProfile: defineRoute({
    ...endpointPaths.userProfile,
    params: userIdParams,
    response: envelopeOf(userProfileDto),
  }),
  /** Multipart file `avatar`, or JSON `{ avatar: null }` to clear. */
  updateAvatar: defineRoute({ ...endpointPaths.updateAvatar, form: clearAvatarSchema, response: own }),
  /** Multipart file `cover`, or JSON `{ cover: null }` to clear. */
  updateCover: defineRoute({ ...endpointPaths.updateCover, form: clearCoverSchema, response: own }),
  updateAboutMe: defineRoute({ ...endpointPaths.updateAboutMe, body: aboutMeSchema, response: own }),
  updateSkills: defineRoute({ ...endpointPaths.updateSkills, body: skillsSchema, response: own }),
  /** Saves the basic info; a new e-mail in it is not taken (it needs requestEmailChange, then confirmEmailChange). */
  updateBio: defineRoute({ ...endpointPaths.updateBio, body: bioSchema, response: own }),
  /** Sends a code to the new address; the account keeps its e-mail until the code is confirmed. */
  requestEmailChange: defineRoute({
    ...endpointPaths.requestEmailChange,
    body: emailChangeSchema,
    response: envelopeOf(z.null()),
  }),
  /** The e-mail changes, the old address is told and every other session ends. */
  confirmEmailChange: defineRoute({
    ...endpointPaths.confirmEmailChange,
    body: confirmEmailChangeSchema,
    response: envelopeOf(userDto),
  }),
  updateMood: defineRoute({ ...endpointPaths.updateMood, body: profileMoodSchema, response: own }),
  /** Multipart file `secondary_image_1` or `secondary_image_2`, or JSON `{ secondary_image_N: null }`. */
  updateFunPics: defineRoute({ ...endpointPaths.updateFunPics, form: clearFunPicSchema, response: own }),
};
