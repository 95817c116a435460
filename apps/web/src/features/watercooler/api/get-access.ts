import { WatercoolerEndpoints, type WatercoolerAccessDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

/**
 * POST user/team/{id}/watercooler/access: the short-lived pass to the team's room and the call's
 * ICE servers. Asked on each entry (never cached): the pass expires and the room may have changed.
 */
export async function getWatercoolerAccess(teamId: number): Promise<WatercoolerAccessDto> {
  return (await call(WatercoolerEndpoints.watercoolerAccess, { params: { id: teamId }, body: {} })).data;
}
