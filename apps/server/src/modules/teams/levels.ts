import type { LevelOfEngagementDto } from '@rally/contract';

/** The four levels of engagement (spec §3); each image is drawn for Rally and shipped in assets/. */
export const LEVELS: readonly LevelOfEngagementDto[] = [
  {
    id: 1,
    name: 'Spark',
    description: 'The team is getting to know each other: light check-ins, welcomes and first ideas.',
    media: '/static/levels/level-1.svg',
  },
  {
    id: 2,
    name: 'Momentum',
    description: 'Regular posts and reactions: members share wins and answer prompts most weeks.',
    media: '/static/levels/level-2.svg',
  },
  {
    id: 3,
    name: 'Flow',
    description: 'Daily rhythm: check-ins, to-do lists and video prompts are part of how the team works.',
    media: '/static/levels/level-3.svg',
  },
  {
    id: 4,
    name: 'Peak',
    description: 'Everyone leads: members start topics, recognise each other and run their own rituals.',
    media: '/static/levels/level-4.svg',
  },
];

export const levelById = (id: number): LevelOfEngagementDto => LEVELS.find((l) => l.id === id) ?? LEVELS[0]!;
