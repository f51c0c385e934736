import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for that with a
// `new Function('')` it catches. The page's Content-Security-Policy has no 'unsafe-eval', so the
// probe is reported as a script-src violation on every screen that parses a shared schema. Parsing
// without compiled code is the same rules, a little slower, and never evaluates a string.
// Imported first by start.tsx, before any schema is built.
z.config({ jitless: true });
