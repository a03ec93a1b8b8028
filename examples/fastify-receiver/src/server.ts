import { createApp } from './app.js';
import { secretFromEnv } from './secret-from-env.js';

const app = await createApp({ secret: secretFromEnv() });
const address = await app.listen({ port: Number(process.env['PORT'] ?? 3000), host: '127.0.0.1' });
console.log(`fastify-receiver listening on ${address.replace('127.0.0.1', 'localhost')}/webhook`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
