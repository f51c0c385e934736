// Puts the demo salons' logos, covers and stylist photos (worker/db/seed/media/, each named by its
// key: the SHA-256 of its bytes, as demo.sql refers to them) into the local MEDIA bucket (R2) of
// the persistence directory given (default .wrangler/state). Idempotent: same key, same bytes.
// One wrangler platform proxy for all of them (`wrangler r2 object put` takes ~3 s a file).
import { readdirSync, readFileSync } from 'node:fs';
import { getPlatformProxy } from 'wrangler';

const DIR = 'worker/db/seed/media';
const persistTo = process.argv[2] || '.wrangler/state';
const { env, dispose } = await getPlatformProxy({ persist: { path: `${persistTo}/v3` } });
try {
  for (const file of readdirSync(DIR).filter((f) => /^[0-9a-f]{32}\.webp$/.test(f))) {
    await env.MEDIA.put(file, readFileSync(`${DIR}/${file}`), { httpMetadata: { contentType: 'image/webp' } });
  }
} finally {
  await dispose();
}
