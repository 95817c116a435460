import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import {
  checkinAnswerDto,
  checkinAnswerSchema,
  checkinDetailQuery,
  checkinDto,
  checkinMetricsDto,
  checkinParams,
  checkinStatusDto,
  fromDateQuery,
  teamStatsDto,
} from '../schemas/checkins.js';
import { postDto } from '../schemas/posts.js';
import { teamParams } from '../schemas/teams.js';

/** Check-ins and team statistics (spec §7 Check-in; decisions.md). */
export const checkinRoutes = {
  requestCheckin: defineRoute({
    ...endpointPaths.requestCheckin,
    params: teamParams,
    status: 201,
    response: envelopeOf(postDto),
  }),
  checkinStatus: defineRoute({
    ...endpointPaths.checkinStatus,
    params: teamParams,
    response: envelopeOf(checkinStatusDto),
  }),
  checkin: defineRoute({ ...endpointPaths.checkin, params: checkinParams, response: envelopeOf(checkinDto) }),
  /** The answer's `checkin.reply` post, or null for a private answer. */
  answerCheckin: defineRoute({
    ...endpointPaths.answerCheckin,
    params: checkinParams,
    body: checkinAnswerSchema,
    status: 201,
    response: envelopeOf(postDto.nullable()),
  }),
  checkinMetrics: defineRoute({
    ...endpointPaths.checkinMetrics,
    params: teamParams,
    query: fromDateQuery,
    response: envelopeOf(checkinMetricsDto),
  }),
  checkinMetricsDetail: defineRoute({
    ...endpointPaths.checkinMetricsDetail,
    params: teamParams,
    query: checkinDetailQuery,
    response: pagedEnvelopeOf(checkinAnswerDto),
  }),
  teamStats: defineRoute({
    ...endpointPaths.teamStats,
    params: teamParams,
    query: fromDateQuery,
    response: envelopeOf(teamStatsDto),
  }),
};
