/** Addresses' public entry: the short name's section, which Set up shows too. */
export { ShortNameSection } from './ShortNameSection';
