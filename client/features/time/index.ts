// The public entry of this feature: what other features may use of it (and nothing else).

export { DaySlider } from './DaySlider';
export { SlotList } from './SlotList';
export { useSearchKey } from './search';
export { daySlotsQuery, weeklyQuery } from './api';
