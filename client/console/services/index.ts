/** The Services place's public entry: the menu's services, which Stylists lists. */
export { servicesQuery } from './api';
