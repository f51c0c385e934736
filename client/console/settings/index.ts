/** The booking page settings' public entry: what Set up (the first run) and History reuse. */
export { saveSettings, settingsQuery } from './api';
export { describeValue } from './describe';
export { changePhoto, ConsolePhotosError } from './photos-api';
export { LogoPhoto } from './Photos';
export { Appearance } from './Sections';
