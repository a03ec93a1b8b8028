// The conformance server on Node (run with tsx): @hono/node-server bridges node:http to fetch.
import { serve } from '@hono/node-server';
import { createConformanceApp } from './conformance-app.js';

const app = createConformanceApp();
// `env` passed on as a user passing the handler itself as `fetch` would: it holds Node's request, which the handler reads directly.
const server = serve({ fetch: (request, env) => app(request, env), port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`LISTENING ${info.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
