import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { promptEndpointPaths as endpointPaths } from '../prompt-endpoints.js';
import { defineRoute } from '../route.js';
import { pageQuery } from '../schemas/common.js';
import { postDto, promptResponseDto } from '../schemas/posts.js';
import {
  createSlideshowForm,
  createVideoForm,
  hideResponseSchema,
  promptListQuery,
  promptMemberDto,
  promptMetricsDto,
  promptSummaryDto,
  slideshowDto,
  slideshowParams,
  slideshowReminderParams,
  slideshowResponseForm,
  slideshowResponseParams,
  teamVideoDto,
  videoParams,
  videoPostParams,
  videoReminderParams,
  videoResponseForm,
  videoResponseParams,
} from '../schemas/prompts.js';
import { fromDateQuery } from '../schemas/checkins.js';
import { teamParams } from '../schemas/teams.js';

/** A page of answers with their total (decisions.md: the detail returns `data` and `total`). */
const responsesPage = pagedEnvelopeOf(promptResponseDto).extend({ total: z.number().int() });

/** Engagement video and slideshow (spec §7 Video, Slideshow; decisions.md; issue 22). */
export const promptRoutes = {
  createVideo: defineRoute({
    ...endpointPaths.createVideo,
    params: teamParams,
    form: createVideoForm,
    status: 201,
    response: envelopeOf(postDto),
  }),
  video: defineRoute({ ...endpointPaths.video, params: videoParams, response: envelopeOf(teamVideoDto) }),
  respondToVideo: defineRoute({
    ...endpointPaths.respondToVideo,
    params: videoParams,
    form: videoResponseForm,
    status: 201,
    response: envelopeOf(promptResponseDto),
  }),
  videos: defineRoute({
    ...endpointPaths.videos,
    params: teamParams,
    query: promptListQuery,
    response: pagedEnvelopeOf(promptSummaryDto),
  }),
  videoMetrics: defineRoute({
    ...endpointPaths.videoMetrics,
    params: teamParams,
    query: fromDateQuery,
    response: envelopeOf(promptMetricsDto),
  }),
  videoOfPost: defineRoute({
    ...endpointPaths.videoOfPost,
    params: videoPostParams,
    response: envelopeOf(teamVideoDto),
  }),
  videoResponses: defineRoute({
    ...endpointPaths.videoResponses,
    params: videoParams,
    query: pageQuery,
    response: responsesPage,
  }),
  publishVideo: defineRoute({ ...endpointPaths.publishVideo, params: videoParams, response: envelopeOf(postDto) }),
  remindVideo: defineRoute({
    ...endpointPaths.remindVideo,
    params: videoReminderParams,
    response: envelopeOf(promptMemberDto),
  }),
  hideVideoResponse: defineRoute({
    ...endpointPaths.hideVideoResponse,
    params: videoResponseParams,
    body: hideResponseSchema,
    response: envelopeOf(promptResponseDto),
  }),

  createSlideshow: defineRoute({
    ...endpointPaths.createSlideshow,
    params: teamParams,
    form: createSlideshowForm,
    status: 201,
    response: envelopeOf(postDto),
  }),
  slideshow: defineRoute({ ...endpointPaths.slideshow, params: slideshowParams, response: envelopeOf(slideshowDto) }),
  respondToSlideshow: defineRoute({
    ...endpointPaths.respondToSlideshow,
    params: slideshowParams,
    form: slideshowResponseForm,
    status: 201,
    response: envelopeOf(z.array(promptResponseDto)),
  }),
  slideshows: defineRoute({
    ...endpointPaths.slideshows,
    params: teamParams,
    query: promptListQuery,
    response: pagedEnvelopeOf(promptSummaryDto),
  }),
  slideshowMetrics: defineRoute({
    ...endpointPaths.slideshowMetrics,
    params: teamParams,
    query: fromDateQuery,
    response: envelopeOf(promptMetricsDto),
  }),
  slideshowMembers: defineRoute({
    ...endpointPaths.slideshowMembers,
    params: slideshowParams,
    response: envelopeOf(slideshowDto),
  }),
  slideshowResponses: defineRoute({
    ...endpointPaths.slideshowResponses,
    params: slideshowParams,
    query: pageQuery,
    response: responsesPage,
  }),
  publishSlideshow: defineRoute({
    ...endpointPaths.publishSlideshow,
    params: slideshowParams,
    response: envelopeOf(postDto),
  }),
  remindSlideshow: defineRoute({
    ...endpointPaths.remindSlideshow,
    params: slideshowReminderParams,
    response: envelopeOf(promptMemberDto),
  }),
  hideSlideshowResponse: defineRoute({
    ...endpointPaths.hideSlideshowResponse,
    params: slideshowResponseParams,
    body: hideResponseSchema,
    response: envelopeOf(promptResponseDto),
  }),
};
