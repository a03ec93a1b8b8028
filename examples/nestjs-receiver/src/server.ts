import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { secretFromEnv } from './secret-from-env.js';

const app = await createApp({ secret: secretFromEnv() });
await app.listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1');
const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
console.log(`nestjs-receiver listening on http://localhost:${port}/webhook`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
