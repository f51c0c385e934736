import { defineConfig } from '@pandacss/dev';
import booking from './panda.config';

/**
 * The salon console's stylesheet (styled-system/console.css, written by `panda cssgen` before the
 * build, scripts/lib.mjs): the same tokens and global styles as the booking pages, with the
 * styles of every client file, the console's included.
 */
export default defineConfig({ ...booking, include: ['./client/**/*.{ts,tsx}'], exclude: [] });
