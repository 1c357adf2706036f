// The spec's vocabulary (section 1, 3, 9).
export const PILLARS = ['saving', 'credit', 'investing'] as const;
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Pillar = (typeof PILLARS)[number];
export type Level = (typeof LEVELS)[number];

export const PILLAR_LABELS: Record<Pillar, string> = { saving: 'Saving', credit: 'Credit', investing: 'Investing' };
export const LEVEL_LABELS: Record<Level, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
