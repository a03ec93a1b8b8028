import { Hono, type Handler } from 'hono';
import type { FetchApp } from './fetch-app.js';

/**
 * A Hono app with one route, `POST /webhook`, as the whole `fetch`. The second argument is passed
 * on: on @hono/node-server it holds Node's request, which the Hono adapter reads directly.
 */
export function honoApp(handler: Handler): FetchApp {
  const app = new Hono();
  app.post('/webhook', handler);
  return (request, env) => app.fetch(request, env);
}
