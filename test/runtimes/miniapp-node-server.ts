// The Mini App conformance server on Node (run with tsx), the signer's key from the environment.
import { serve } from '@hono/node-server';
import { APP_KEY_ENV } from '../support/miniapp-rows.js';
import { createMiniAppConformanceApp } from './miniapp-app.js';

const app = createMiniAppConformanceApp(process.env[APP_KEY_ENV] ?? '');
const server = serve({ fetch: (request, env) => app(request, env), port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`LISTENING ${info.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
