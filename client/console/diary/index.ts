/** The diary's public entry: what other places use of it (its key, a day's query, the refresh after a change). */
export { dayQuery, diaryChanged, diaryKey } from './api';
