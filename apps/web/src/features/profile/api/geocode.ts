import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const geocodeKeys = {
  all: ['geocode'] as const,
  config: () => [...geocodeKeys.all, 'config'] as const,
  search: (q: string) => [...geocodeKeys.all, 'search', q] as const,
};

/** GET geocode/config: does the server have a geocoder (GEOCODER_URL)? It does not change while the app runs. */
export const geocoderQuery = () =>
  queryOptions({
    queryKey: geocodeKeys.config(),
    queryFn: async () => (await call(Endpoints.geocoder)).data.enabled,
    staleTime: Infinity,
    retry: false,
  });

export const useGeocoderEnabled = () => useQuery(geocoderQuery());

/** The shortest text looked up (the server refuses shorter). */
export const GEOCODE_MIN_LENGTH = 2;

/** GET geocode?q=: up to 5 matches through the server (the browser never calls the geocoder itself). */
export const geocodeQuery = (q: string) =>
  queryOptions({
    queryKey: geocodeKeys.search(q),
    queryFn: async ({ signal }) => (await call(Endpoints.geocode, { query: { q }, signal })).data,
    enabled: q.length >= GEOCODE_MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
