import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLORS, Endpoints, type ColorDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const colorKeys = { all: ['colors'] as const };

/** GET user/colors: the colours a celebration or bright idea can have (spec §3 Colour). */
export const getColors = async () => (await call(Endpoints.colors)).data;

/** The contract's colours, shown at once while the server's list loads (they change only with a release). */
const knownColors: ColorDto[] = COLORS.map((c) => ({ ...c, color_gradient: [...c.color_gradient] }));

export const colorsQuery = () =>
  queryOptions({ queryKey: colorKeys.all, queryFn: getColors, staleTime: Infinity, placeholderData: knownColors });

export const useColors = () => useQuery(colorsQuery());
