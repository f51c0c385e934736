// npm start: build the client, migrate and seed the local D1, and serve the app with the
// embedded API and stand-ins at http://localhost:8787 (PORT overrides).
import { buildClient, prepareLocalDb, startWorker } from './lib.mjs';

const port = Number(process.env.PORT || 8787);
buildClient();
prepareLocalDb();
const child = await startWorker({ port });
console.log(`\n  Salon booking is running: http://localhost:${port}/salon/1\n`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
