import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { secretFromEnv } from './secret-from-env.js';

const port = Number(process.env['PORT'] ?? 3000);
const server = serve({ fetch: createApp({ secret: secretFromEnv() }).fetch, port }, (info) => {
  console.log(`hono-receiver listening on http://localhost:${info.port}/webhook`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
