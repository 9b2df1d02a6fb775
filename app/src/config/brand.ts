export const BRAND = {
  first: 'Dream',
  second: 'Traveler',
  name: 'Dream Traveler',
  tagline: 'Navigate your multidimensional consciousness',
} as const;
