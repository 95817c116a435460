import { Endpoints, type BodyOf, type Routes } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useNewPost } from './create-post';

/** POST user/team/{id}/brightidea: a bright idea (colour, text or a file; no tags); 201 with the post. */
export const createBrightIdea = async (teamId: number, body: BodyOf<typeof Routes.createBrightIdea>) =>
  (await call(Endpoints.createBrightIdea, { params: { id: teamId }, body })).data;

export const useCreateBrightIdea = (teamId: number) => useNewPost(teamId, createBrightIdea);
