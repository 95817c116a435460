import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { defineRoute } from '../route.js';
import { teamParams } from '../schemas/teams.js';
import { watercoolerAccessDto, watercoolerMessagesDto, watercoolerMessagesQuery } from '../schemas/watercooler.js';
import { watercoolerEndpointPaths as endpointPaths } from '../watercooler-endpoints.js';

/** The watercooler (spec §7; issue 23). The room itself is the socket of watercooler.ts. */
export const watercoolerRoutes = {
  watercoolerAccess: defineRoute({
    ...endpointPaths.watercoolerAccess,
    params: teamParams,
    body: z.object({}).optional(),
    response: envelopeOf(watercoolerAccessDto),
  }),
  watercoolerMessages: defineRoute({
    ...endpointPaths.watercoolerMessages,
    params: teamParams,
    query: watercoolerMessagesQuery,
    response: watercoolerMessagesDto,
  }),
};
