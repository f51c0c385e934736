// npm start: build the client, migrate and seed the local D1 databases, and serve the app at
// http://localhost:8787 (PORT overrides) with the offline stand-ins beside it on PORT+1.
import { buildClient, prepareLocalDb, startApp } from './lib.mjs';

const port = Number(process.env.PORT || 8787);
// demo salon 2 in the second database (docs/scale.md, "Salons across databases"); DEMO_DATABASES=1 keeps all in DB
process.env.DEMO_DATABASES ||= '2';
buildClient();
prepareLocalDb();
const running = await startApp({ port });
console.log(`\n  Salon booking is running: http://localhost:${port}/salon/1`);
console.log(`  Offline stand-ins (Cognito, Stripe, Twilio) and the dev outbox: http://localhost:${port + 1}/__dev/outbox\n`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => running.stop(sig));
running.exited.then((code) => {
  running.stop();
  process.exit(code);
});
