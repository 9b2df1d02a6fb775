// What other features may use of analytics (the lint boundary, docs/decisions/0007).
export { OnThisDayCard } from './components/on-this-day';
export { ProfileStatsCard } from './components/stats';
export { TopTagsPanel } from './components/top-tags';
