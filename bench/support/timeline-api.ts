/** Requests of the seeded timeline (seed-timeline.ts) as its bearers make them. */
import type { Bearer } from './seed-timeline.js';

/** The API version the benchmarks ask for (header `accept-version`). */
export const API_VERSION = '1.3';

export const bearerHeaders = (b: Bearer) => ({ 'accept-version': API_VERSION, authorization: `Bearer ${b.token}` });

export const timelinePath = (b: Bearer, page: number, perPage: number) =>
  `/api/user/team/${b.teamId}/timeline?page=${page}&per_page=${perPage}`;
