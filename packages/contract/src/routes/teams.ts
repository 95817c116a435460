import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { endpointPaths } from '../endpoints.js';
import { defineRoute } from '../route.js';
import { pageQuery } from '../schemas/common.js';
import {
  changeRoleSchema,
  createTeamSchema,
  deletedTeamDto,
  invitationDto,
  inviteResultDto,
  inviteSchema,
  joinTeamSchema,
  levelOfEngagementDto,
  levelOfEngagementSchema,
  memberDto,
  readWelcomeDto,
  readWelcomeSchema,
  rejectInvitationSchema,
  teamDto,
  teamMemberParams,
  teamParams,
  teamProfileDto,
  teamProfileSchema,
  teamsQuerySchema,
} from '../schemas/teams.js';

const none = envelopeOf(z.null());

/** Teams of spec §7. */
export const teamRoutes = {
  teams: defineRoute({
    ...endpointPaths.teams,
    query: teamsQuerySchema,
    response: envelopeOf(z.array(teamDto)),
  }),
  createTeam: defineRoute({
    ...endpointPaths.createTeam,
    body: createTeamSchema,
    status: 201,
    response: envelopeOf(teamDto),
  }),
  /** Owner only: the engagement is hidden at once and restorable for TEAM_RESTORE_DAYS (ADR 0019). */
  deleteTeam: defineRoute({ ...endpointPaths.deleteTeam, params: teamParams, response: none }),
  /** The caller's own deleted engagements that can still be restored, latest deleted first. */
  deletedTeams: defineRoute({ ...endpointPaths.deletedTeams, response: envelopeOf(z.array(deletedTeamDto)) }),
  /** The owner brings a deleted engagement back for everyone; 410 once its window is over. */
  restoreTeam: defineRoute({ ...endpointPaths.restoreTeam, params: teamParams, response: envelopeOf(teamDto) }),
  teamProfile: defineRoute({
    ...endpointPaths.teamProfile,
    params: teamParams,
    response: envelopeOf(teamProfileDto),
  }),
  /** Multipart: optional `name`, optional file `avatar` (or JSON `{ name }`). */
  updateTeamProfile: defineRoute({
    ...endpointPaths.updateTeamProfile,
    params: teamParams,
    form: teamProfileSchema,
    response: envelopeOf(teamProfileDto),
  }),
  levelsOfEngagement: defineRoute({
    ...endpointPaths.levelsOfEngagement,
    response: envelopeOf(z.array(levelOfEngagementDto)),
  }),
  teamLevelOfEngagement: defineRoute({
    ...endpointPaths.teamLevelOfEngagement,
    params: teamParams,
    response: envelopeOf(levelOfEngagementDto),
  }),
  setTeamLevelOfEngagement: defineRoute({
    ...endpointPaths.setTeamLevelOfEngagement,
    params: teamParams,
    body: levelOfEngagementSchema,
    response: envelopeOf(levelOfEngagementDto),
  }),
  readWelcomeMessage: defineRoute({
    ...endpointPaths.readWelcomeMessage,
    params: teamParams,
    body: readWelcomeSchema,
    response: envelopeOf(readWelcomeDto),
  }),
};

/** Members of a team (spec §7, Teams). */
export const memberRoutes = {
  teamMembers: defineRoute({
    ...endpointPaths.teamMembers,
    params: teamParams,
    response: envelopeOf(z.array(memberDto)),
  }),
  changeUserRole: defineRoute({
    ...endpointPaths.changeUserRole,
    params: teamParams,
    body: changeRoleSchema,
    response: envelopeOf(memberDto),
  }),
  removeMember: defineRoute({
    ...endpointPaths.removeMember,
    params: teamMemberParams,
    response: none,
  }),
};

/** Invitations (spec §7, Teams). */
export const invitationRoutes = {
  teamInvite: defineRoute({
    ...endpointPaths.teamInvite,
    params: teamParams,
    body: inviteSchema,
    response: envelopeOf(inviteResultDto),
  }),
  pendingInvitations: defineRoute({
    ...endpointPaths.pendingInvitations,
    query: pageQuery,
    response: pagedEnvelopeOf(invitationDto),
  }),
  joinTeam: defineRoute({
    ...endpointPaths.joinTeam,
    body: joinTeamSchema,
    response: envelopeOf(teamDto),
  }),
  rejectInvitation: defineRoute({
    ...endpointPaths.rejectInvitation,
    body: rejectInvitationSchema,
    response: none,
  }),
};
