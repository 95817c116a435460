import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { teamParams } from '../schemas/teams.js';
import { topicDto, topicParams, topicSchema, topicUpdateSchema } from '../schemas/topics.js';

/** The Inspiration topic (spec §7 Topic; the scheduled list follows decisions.md's style). */
export const topicRoutes = {
  topicOfDay: defineRoute({
    ...endpointPaths.topicOfDay,
    params: teamParams,
    response: envelopeOf(topicDto.nullable()),
  }),
  createTopic: defineRoute({
    ...endpointPaths.createTopic,
    params: teamParams,
    body: topicSchema,
    status: 201,
    response: envelopeOf(topicDto),
  }),
  updateTopic: defineRoute({
    ...endpointPaths.updateTopic,
    params: topicParams,
    body: topicUpdateSchema,
    response: envelopeOf(topicDto),
  }),
  scheduledTopics: defineRoute({
    ...endpointPaths.scheduledTopics,
    params: teamParams,
    response: envelopeOf(z.array(topicDto)),
  }),
};
