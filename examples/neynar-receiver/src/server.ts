import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { secretsFromEnv } from './secrets-from-env.js';

const server = createApp({ secrets: secretsFromEnv() }).listen(Number(process.env['PORT'] ?? 3000), () => {
  const { port } = server.address() as AddressInfo;
  console.log(`neynar-receiver listening on http://localhost:${port}/webhook`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
