import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type express5 from 'express';
import { webhookHandler, type EventMap, type ExpressWebhookOptions } from '@social-webhooks/express';
import { webhookHandler as nodeListener, type NodeWebhookOptions } from '@social-webhooks/node';

/** Express 4 or 5, as the bench imports them. */
export type Express = typeof express5;

/** The Express adapter with `options`, mounted as the README shows. */
export function expressAdapter<Events extends EventMap>(express: Express, options: ExpressWebhookOptions<Events>): Server {
  const app = express();
  app.post('/webhook', webhookHandler(options));
  return app.listen(0, '127.0.0.1');
}

/** The Node listener with `options` as the whole `node:http` server, as the README shows. */
export function nodeAdapter<Events extends EventMap>(options: NodeWebhookOptions<IncomingMessage, ServerResponse, Events>): Server {
  return createServer(nodeListener(options)).listen(0, '127.0.0.1');
}
