import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { defineRoute } from '../route.js';
import { pageQuery } from '../schemas/common.js';
import {
  changeRoleSchema,
  createTeamSchema,
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
    method: 'GET',
    path: 'user/teams',
    auth: true,
    query: teamsQuerySchema,
    response: envelopeOf(z.array(teamDto)),
  }),
  createTeam: defineRoute({
    method: 'POST',
    path: 'user/team',
    auth: true,
    body: createTeamSchema,
    status: 201,
    response: envelopeOf(teamDto),
  }),
  deleteTeam: defineRoute({ method: 'DELETE', path: 'user/team/:id', auth: true, params: teamParams, response: none }),
  teamProfile: defineRoute({
    method: 'GET',
    path: 'user/team/:id/profile',
    auth: true,
    params: teamParams,
    response: envelopeOf(teamProfileDto),
  }),
  /** Multipart: optional `name`, optional file `avatar` (or JSON `{ name }`). */
  updateTeamProfile: defineRoute({
    method: 'POST',
    path: 'user/team/:id/profile',
    auth: true,
    params: teamParams,
    form: teamProfileSchema,
    response: envelopeOf(teamProfileDto),
  }),
  levelsOfEngagement: defineRoute({
    method: 'GET',
    path: 'user/team/level-of-engagement',
    auth: true,
    response: envelopeOf(z.array(levelOfEngagementDto)),
  }),
  teamLevelOfEngagement: defineRoute({
    method: 'GET',
    path: 'user/team/:id/level-of-engagement',
    auth: true,
    params: teamParams,
    response: envelopeOf(levelOfEngagementDto),
  }),
  setTeamLevelOfEngagement: defineRoute({
    method: 'POST',
    path: 'user/team/:id/level-of-engagement',
    auth: true,
    params: teamParams,
    body: levelOfEngagementSchema,
    response: envelopeOf(levelOfEngagementDto),
  }),
  readWelcomeMessage: defineRoute({
    method: 'POST',
    path: 'user/team/:id/read-welcome-message',
    auth: true,
    params: teamParams,
    body: readWelcomeSchema,
    response: envelopeOf(readWelcomeDto),
  }),
};

/** Members of a team (spec §7, Teams). */
export const memberRoutes = {
  teamMembers: defineRoute({
    method: 'GET',
    path: 'user/team/:id/members',
    auth: true,
    params: teamParams,
    response: envelopeOf(z.array(memberDto)),
  }),
  changeUserRole: defineRoute({
    method: 'POST',
    path: 'user/team/:id/change-user-role',
    auth: true,
    params: teamParams,
    body: changeRoleSchema,
    response: envelopeOf(memberDto),
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: 'user/team/:id/member/:userId',
    auth: true,
    params: teamMemberParams,
    response: none,
  }),
};

/** Invitations (spec §7, Teams). */
export const invitationRoutes = {
  teamInvite: defineRoute({
    method: 'POST',
    path: 'user/team/:id/invite',
    auth: true,
    params: teamParams,
    body: inviteSchema,
    response: envelopeOf(inviteResultDto),
  }),
  pendingInvitations: defineRoute({
    method: 'GET',
    path: 'user/team/invitations/pending',
    auth: true,
    query: pageQuery,
    response: pagedEnvelopeOf(invitationDto),
  }),
  joinTeam: defineRoute({
    method: 'POST',
    path: 'user/team/join',
    auth: true,
    body: joinTeamSchema,
    response: envelopeOf(teamDto),
  }),
  rejectInvitation: defineRoute({
    method: 'POST',
    path: 'user/team/invitations/reject',
    auth: true,
    body: rejectInvitationSchema,
    response: none,
  }),
};
