import { COLORS, MOODS, MOOD_IMAGE_PREFIX, MoodGroup, Routes, type MoodDef, type MoodDto } from '@rally/contract';
import { ok } from '../../http/envelope.js';
import { routeOf, type Api } from '../../http/route.js';

const present = (m: MoodDef): MoodDto => ({
  id: m.id,
  mood_group_id: m.mood_group_id,
  name: m.name,
  media: `${MOOD_IMAGE_PREFIX}${m.file}`,
});
const ALL = MOODS.map(present);
const BY_GROUP = new Map<number, MoodDto[]>([
  [MoodGroup.Moods, ALL.filter((m) => m.mood_group_id === MoodGroup.Moods)],
  [MoodGroup.Buzz, ALL.filter((m) => m.mood_group_id === MoodGroup.Buzz)],
]);
const COLOR_DTOS = COLORS.map((c) => ({ id: c.id, name: c.name, color_gradient: [...c.color_gradient] }));

/** Moods, buzz reactions and post colours: fixed lists with images drawn for Rally. */
export function lookupRoutes(api: Api): void {
  api.route({
    ...routeOf(api, Routes.moods),
    handler: async (request) => ok(request.query.mood_group_id ? BY_GROUP.get(request.query.mood_group_id)! : ALL),
  });
  api.route({
    ...routeOf(api, Routes.buzzes),
    handler: async () => ok(BY_GROUP.get(MoodGroup.Buzz)!),
  });
  api.route({
    ...routeOf(api, Routes.colors),
    handler: async () => ok(COLOR_DTOS),
  });
}
