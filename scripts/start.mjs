// npm start: build the client, migrate and seed the local D1 databases, and serve the app at
// http://localhost:8787 (PORT overrides) with the offline stand-ins beside it on PORT+1. It prints
// a few lines and the addresses to open; each Worker's own output goes to a log file.
import { buildClient, prepareLocalDb, startApp } from './lib.mjs';

const port = Number(process.env.PORT || 8787);
const logs = { app: '.wrangler/logs/app.log', standIns: '.wrangler/logs/standins.log' };
// demo salon 2 in the second database (docs/scale.md, "Salons across databases"); DEMO_DATABASES=1 keeps all in DB
process.env.DEMO_DATABASES ||= '2';
console.log('Building the client…');
buildClient();
console.log('Preparing the local databases and the demo data…');
prepareLocalDb();
console.log('Starting the app and the offline stand-ins…');
const running = await startApp({ port, logs });
console.log(`
  Salon booking is running: http://localhost:${port}/salon/1
  The salon console:        http://localhost:${port}/console (the demo staff: README, "Demo accounts")
  Offline stand-ins (Cognito, Stripe, Twilio, Resend) and the dev outbox: http://localhost:${port + 1}/__dev/outbox
  Logs: ${logs.app} and ${logs.standIns}. Ctrl+C stops both.
`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => running.stop(sig));
running.exited.then((code) => {
  running.stop();
  if (code) console.error(`A Worker stopped (exit ${code}): see ${logs.app} and ${logs.standIns}.`);
  process.exit(code);
});
