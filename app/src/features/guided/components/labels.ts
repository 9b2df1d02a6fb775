import type { GuidedDifficulty, GuidedType } from '@common/guided';

export const TYPE_LABEL: Record<GuidedType, string> = {
  meditation: 'Meditation',
  technique: 'Technique',
  exercise: 'Exercise',
};

export const DIFFICULTY_LABEL: Record<GuidedDifficulty, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
