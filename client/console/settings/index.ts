/** The booking page settings' public entry: what Set up (the first run), Stylists and History reuse. */
export { saveSettings, settingsQuery } from './api';
export { describeValue } from './describe';
export { LazyAppearance, LazyLogoPhoto } from './lazy-parts';
export { changePhoto, ConsolePhotosError } from './photos-api';
