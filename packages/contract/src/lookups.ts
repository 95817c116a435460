/**
 * Fixed lookups of spec §3: moods (group 1), buzz reactions (group 2, ids 7–11) and post colours.
 * They change only with a release, so they live in code; images are drawn for Rally and served
 * by the app under /static/moods/.
 */
import { readableTextOn } from './contrast.js';
import { MoodGroup } from './ids.js';

export interface MoodDef {
  id: number;
  mood_group_id: number;
  name: string;
  /** Image file under /static/moods/. */
  file: string;
  /** Happiness score 0–100 (decisions.md: the meter is the mean of the answered moods' scores). */
  score: number;
}

export const MOODS: readonly MoodDef[] = [
  { id: 1, mood_group_id: MoodGroup.Moods, name: 'Happy', file: 'happy.svg', score: 100 },
  { id: 2, mood_group_id: MoodGroup.Moods, name: 'Excited', file: 'excited.svg', score: 90 },
  { id: 3, mood_group_id: MoodGroup.Moods, name: 'Calm', file: 'calm.svg', score: 70 },
  { id: 4, mood_group_id: MoodGroup.Moods, name: 'Tired', file: 'tired.svg', score: 40 },
  { id: 5, mood_group_id: MoodGroup.Moods, name: 'Stressed', file: 'stressed.svg', score: 20 },
  { id: 6, mood_group_id: MoodGroup.Moods, name: 'Sad', file: 'sad.svg', score: 0 },
  { id: 7, mood_group_id: MoodGroup.Buzz, name: 'great', file: 'great.svg', score: 100 },
  { id: 8, mood_group_id: MoodGroup.Buzz, name: 'congratulations', file: 'congratulations.svg', score: 100 },
  { id: 9, mood_group_id: MoodGroup.Buzz, name: 'Unsure', file: 'unsure.svg', score: 50 },
  { id: 10, mood_group_id: MoodGroup.Buzz, name: 'Confused', file: 'confused.svg', score: 40 },
  { id: 11, mood_group_id: MoodGroup.Buzz, name: 'Sad', file: 'sad-buzz.svg', score: 0 },
];

export const MOOD_IMAGE_PREFIX = '/static/moods/';
export const moodById = (id: number): MoodDef | undefined => MOODS.find((m) => m.id === id);
export const BUZZ_TYPE_IDS: readonly number[] = MOODS.filter((m) => m.mood_group_id === MoodGroup.Buzz).map(
  (m) => m.id,
);
export const MOOD_IDS: readonly number[] = MOODS.filter((m) => m.mood_group_id === MoodGroup.Moods).map((m) => m.id);

export interface ColorDef {
  id: number;
  name: string;
  color_gradient: readonly string[];
}

/**
 * Post colours (spec §3). The text on each is black or white by measured contrast
 * (`textColorOn`): every gradient here keeps WCAG AA (4.5:1) for it at every point.
 */
export const COLORS: readonly ColorDef[] = [
  { id: 1, name: 'white', color_gradient: ['#ffffff', '#f3f4f6'] },
  { id: 2, name: 'ocean', color_gradient: ['#1d4ed8', '#0e7490'] },
  { id: 3, name: 'forest', color_gradient: ['#166534', '#15803d'] },
  { id: 4, name: 'sunset', color_gradient: ['#b91c1c', '#c2410c'] },
  { id: 5, name: 'grape', color_gradient: ['#6d28d9', '#a21caf'] },
  { id: 6, name: 'night', color_gradient: ['#111827', '#374151'] },
];
export const colorById = (id: number): ColorDef | undefined => COLORS.find((c) => c.id === id);

/**
 * The text colour on a post colour: black or white, whichever contrasts more at the gradient's
 * worst point (contrast.ts), not read from its name. Without a gradient (a light grey) black.
 */
export const textColorOn = (color: Pick<ColorDef, 'color_gradient'> | null | undefined): '#000000' | '#ffffff' =>
  color?.color_gradient.length ? readableTextOn(color.color_gradient) : '#000000';
