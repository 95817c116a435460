import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { pageQuery } from '../schemas/common.js';
import {
  buzzQuery,
  celebrationSchema,
  colorDto,
  commentDto,
  commentSchema,
  commentResultDto,
  engagementDto,
  moodDto,
  moodQuery,
  postDto,
  postParams,
  reactionDto,
  shareResultDto,
  shareSchema,
  textPostSchema,
  timelineQuery,
} from '../schemas/posts.js';
import { presignDto, presignQuery } from '../schemas/uploads.js';
import { teamParams } from '../schemas/teams.js';

const none = envelopeOf(z.null());

/** Lookups (spec §7, Notifications and lookups). */
export const lookupRoutes = {
  moods: defineRoute({ ...endpointPaths.moods, query: moodQuery, response: envelopeOf(z.array(moodDto)) }),
  buzzes: defineRoute({ ...endpointPaths.buzzes, response: envelopeOf(z.array(moodDto)) }),
  colors: defineRoute({ ...endpointPaths.colors, response: envelopeOf(z.array(colorDto)) }),
};

/** Timeline and posts (spec §7). */
export const postRoutes = {
  timeline: defineRoute({
    ...endpointPaths.timeline,
    params: teamParams,
    query: timelineQuery,
    response: pagedEnvelopeOf(postDto),
  }),
  dashboard: defineRoute({ ...endpointPaths.dashboard, query: pageQuery, response: pagedEnvelopeOf(postDto) }),
  post: defineRoute({ ...endpointPaths.post, params: postParams, response: envelopeOf(postDto) }),
  createPost: defineRoute({
    ...endpointPaths.createPost,
    params: teamParams,
    body: textPostSchema,
    status: 201,
    response: envelopeOf(postDto),
  }),
  createCelebration: defineRoute({
    ...endpointPaths.createCelebration,
    params: teamParams,
    body: celebrationSchema,
    status: 201,
    response: envelopeOf(postDto),
  }),
  createBrightIdea: defineRoute({
    ...endpointPaths.createBrightIdea,
    params: teamParams,
    body: celebrationSchema,
    status: 201,
    response: envelopeOf(postDto),
  }),
  deletePost: defineRoute({ ...endpointPaths.deletePost, params: postParams, response: none }),
  sharePost: defineRoute({
    ...endpointPaths.sharePost,
    params: postParams,
    body: shareSchema,
    status: 201,
    response: envelopeOf(shareResultDto),
  }),
};

/** Reactions and comments on a post; to-do tasks get the same three and two (issue 10). */
export const engagementRoutes = {
  postReactions: defineRoute({
    ...endpointPaths.postReactions,
    params: postParams,
    response: envelopeOf(z.array(reactionDto)),
  }),
  reactToPost: defineRoute({
    ...endpointPaths.reactToPost,
    params: postParams,
    query: buzzQuery,
    body: buzzQuery.optional(),
    response: envelopeOf(engagementDto),
  }),
  clearPostReaction: defineRoute({
    ...endpointPaths.clearPostReaction,
    params: postParams,
    response: envelopeOf(engagementDto),
  }),
  postComments: defineRoute({
    ...endpointPaths.postComments,
    params: postParams,
    query: pageQuery,
    response: pagedEnvelopeOf(commentDto),
  }),
  commentOnPost: defineRoute({
    ...endpointPaths.commentOnPost,
    params: postParams,
    body: commentSchema,
    status: 201,
    response: envelopeOf(commentResultDto),
  }),
};

/** Uploads (spec §7): a signed URL to PUT the file to, and the key to attach it by. */
export const uploadRoutes = {
  presignUpload: defineRoute({ ...endpointPaths.presignUpload, query: presignQuery, response: envelopeOf(presignDto) }),
};
