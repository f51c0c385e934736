import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for that with a
// `new Function('')` it catches. The booking pages' Content-Security-Policy has no 'unsafe-eval',
// so the probe is reported as a script-src violation on every screen that parses a shared schema
// (workerd refuses eval anyway). Parsing without compiled code applies the same rules and never
// evaluates a string. Every shared schema takes `z` from here, so this runs before any is built.
config({ jitless: true });

// Taken as a namespace (`import * as z from './zod'`, as every file takes 'zod' itself): esbuild,
// which bundles the Worker, keeps the whole of zod's `z` object when it is imported as a value
// (`import { z }`), its 63 locales too (about 380 KB minified); a namespace import keeps only what
// is used (scripts/bundle.mjs).
export * from 'zod';
