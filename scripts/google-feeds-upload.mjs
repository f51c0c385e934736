// Ships the latest Google feeds to the Actions Center's SFTP dropbox (docs/google-booking.md
// "Shipping the feeds"). A Worker cannot speak SFTP: the daily Cron writes the feeds to R2, and an
// operator (or a scheduled job on any machine with OpenSSH's `sftp`) runs this after 03:30 UTC.
//
//   GOOGLE_FEEDS_ORIGIN=https://book.example.com \
//   GOOGLE_BOOKING_USER=… GOOGLE_BOOKING_PASSWORD=… \
//   GOOGLE_SFTP_TARGET=feeds-user@partnerupload.google.com GOOGLE_SFTP_PORT=19321 \
//   GOOGLE_SFTP_KEY=~/.ssh/google_feeds node scripts/google-feeds-upload.mjs [--dry-run]
//
// It reads each feed from GET /google/feeds/{feed}.json (the same Basic auth as the booking server),
// (the availability shard by shard: ?shard=N of X-Total-Shards), saves it as {feed}_{unix time}.json
// or availability_{unix time}_{shard}.json (Google asks for a new name on every upload), and uploads it
// with `sftp -b` to GOOGLE_SFTP_TARGET, or to GOOGLE_SFTP_TARGET_MERCHANTS / _SERVICES /
// _AVAILABILITY when the portal gives each feed its own account. With --dry-run, or without a
// target, it only prints the commands. The host, port and user names are the ones the partner
// portal shows under Configuration → Feeds; its public key is added there too.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const FEEDS = ['merchants', 'services', 'availability'];
const env = process.env;
const dryRun = process.argv.includes('--dry-run');
const need = (name) => {
  if (!env[name]) {
    console.error(`${name} is required (see the top of scripts/google-feeds-upload.mjs)`);
    process.exit(2);
  }
  return env[name];
};

const origin = need('GOOGLE_FEEDS_ORIGIN').replace(/\/$/, '');
const auth = `Basic ${Buffer.from(`${need('GOOGLE_BOOKING_USER')}:${need('GOOGLE_BOOKING_PASSWORD')}`).toString('base64')}`;
const dir = mkdtempSync(path.join(tmpdir(), 'google-feeds-'));
const stamp = Math.floor(Date.now() / 1000);
let failed = false;

/** Each file to upload: the merchants, the services and every shard of the availability (X-Total-Shards). */
async function* files() {
  for (const feed of FEEDS) {
    let total = 1;
    for (let shard = 0; shard < total; shard++) {
      const url = `${origin}/google/feeds/${feed}.json${feed === 'availability' ? `?shard=${shard}` : ''}`;
      const res = await fetch(url, { headers: { Authorization: auth } });
      if (feed === 'availability') total = Number(res.headers.get('X-Total-Shards') || 1);
      yield { feed, name: feed === 'availability' ? `${feed}_${stamp}_${shard}` : `${feed}_${stamp}`, res, url };
    }
  }
}

for await (const { feed, name, res, url } of files()) {
  if (!res.ok) {
    console.error(`✗ ${name}: GET ${url} answered ${res.status} (${(await res.text()).slice(0, 200)})`);
    failed = true;
    continue;
  }
  const file = path.join(dir, `${name}.json`);
  const body = await res.text();
  JSON.parse(body); // a truncated answer is never uploaded
  writeFileSync(file, body);
  const target = env[`GOOGLE_SFTP_TARGET_${feed.toUpperCase()}`] || env.GOOGLE_SFTP_TARGET;
  const batch = path.join(dir, `${name}.sftp`);
  writeFileSync(batch, `put ${file}\nbye\n`);
  const args = [
    '-b',
    batch,
    '-P',
    env.GOOGLE_SFTP_PORT || '19321',
    ...(env.GOOGLE_SFTP_KEY ? ['-i', env.GOOGLE_SFTP_KEY] : []),
    target ?? '<user@host>',
  ];
  console.log(`${name}: ${(body.length / 1e6).toFixed(2)} MB, last written ${res.headers.get('Last-Modified') ?? '?'}`);
  console.log(`  sftp ${args.join(' ')}`);
  if (dryRun || !target) continue;
  const r = spawnSync('sftp', args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`✗ ${name}: sftp failed (${r.error?.message ?? `exit ${r.status}`})`);
    failed = true;
  } else console.log(`✓ ${name} uploaded`);
}
if (!dryRun && !env.GOOGLE_SFTP_TARGET && FEEDS.some((f) => !env[`GOOGLE_SFTP_TARGET_${f.toUpperCase()}`]))
  console.log('No GOOGLE_SFTP_TARGET: the commands above were printed, not run.');
process.exit(failed ? 1 : 0);
