import { Endpoints, type BodyOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useNewPost } from './create-post';

/**
 * POST user/team/{id}/celebration: an announcement for the wall of fame (colour, text or a file,
 * tagged members); 201 with the post.
 */
export const createCelebration = async (teamId: number, body: BodyOf<typeof Routes.createCelebration>) =>
  (await call(Endpoints.createCelebration, { params: { id: teamId }, body })).data;

export const useCreateCelebration = (teamId: number) => useNewPost(teamId, createCelebration);
