import type { IncomingMessage, ServerResponse } from 'node:http';
import { listDeliveries, listWebhooks, publishEvent } from './emulator-routes.js';
import { readJson, sendJson } from './http-json.js';
import { createWebhook, deleteWebhook, testFilter, type ManagementContext, type RouteAnswer } from './management-routes.js';

const WEBHOOK_PATH = /^\/api\/v1\/webhooks\/([^/]+)$/;

/**
 * Routes one request. Every route asks for a configured API key in `Authorization` (no scheme, as
 * the service's examples send it); a missing or unknown key is answered 401 `{ status: false,
 * message }`, the shape of the service's other failures.
 */
export async function route(context: ManagementContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const key = req.headers.authorization;
  if (key === undefined || !context.options.apiKeys.has(key)) {
    return sendJson(res, 401, { status: false, message: 'Unauthorized: missing or unknown API key in the Authorization header' });
  }
  const answer = await answerFor(context, req, url);
  sendJson(res, answer.status, answer.body);
}

async function answerFor(context: ManagementContext, req: IncomingMessage, url: URL): Promise<RouteAnswer> {
  const { method } = req;
  const path = url.pathname;
  const deleteMatch = WEBHOOK_PATH.exec(path);
  if (method === 'DELETE' && deleteMatch) return deleteWebhook(context, decodeURIComponent(deleteMatch[1]!));
  if (method === 'GET' && path === '/_emulator/deliveries') return listDeliveries(context, url.searchParams.get('webhook_id') ?? undefined);
  if (method === 'GET' && path === '/_emulator/webhooks') return listWebhooks(context);

  const bodyRoutes: Record<string, (body: unknown) => RouteAnswer> = {
    '/api/v1/webhooks': (body) => createWebhook(context, body),
    '/api/v1/filters/test': (body) => testFilter(body),
    '/_emulator/events': (body) => publishEvent(context, body),
  };
  const handler = method === 'POST' ? bodyRoutes[path] : undefined;
  if (handler === undefined) return { status: 404, body: { status: false, message: `No route for ${method} ${path}` } };
  const body = await readJson(req);
  return body.ok ? handler(body.value) : { status: 400, body: { status: false, message: body.message } };
}
