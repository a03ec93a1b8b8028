import type { IncomingMessage } from 'node:http';
import type { ManagementContext, RouteAnswer } from '../api/management-routes.js';
import { readJson } from '../api/http-json.js';
import type { MiniAppHost } from '../miniapp/miniapp-host.js';
import { neynarError } from './neynar-answers.js';
import {
  createNeynarWebhook,
  deleteNeynarWebhook,
  listNeynarWebhooks,
  lookupNeynarWebhook,
  setNeynarWebhookActive,
  updateNeynarWebhook,
} from './neynar-management.js';
import { listNeynarTokens } from './neynar-tokens.js';

// The SDK calls every path with a trailing slash (`/v2/farcaster/webhook/`, `/list/`); the docs'
// curl examples without one. Both are answered.
const WEBHOOK = /^\/v2\/farcaster\/webhook\/?$/;
const LIST = /^\/v2\/farcaster\/webhook\/list\/?$/;
const TOKENS = /^\/v2\/farcaster\/frame\/notification_tokens\/?$/;

/** Whether a path is Neynar's management API, which authenticates with `x-api-key`. */
export function isNeynarPath(path: string): boolean {
  return path.startsWith('/v2/farcaster/');
}

/**
 * Answers one call of Neynar's management API. The key is read from `x-api-key`, as the SDK and
 * the docs send it (the page's token is accepted too); a missing or unknown one is answered 401 in
 * Neynar's error shape, and the request changes nothing.
 */
export async function answerNeynar(
  context: ManagementContext & { readonly miniApp: MiniAppHost },
  req: IncomingMessage,
  url: URL,
  viaPage: boolean,
): Promise<RouteAnswer> {
  const header = req.headers['x-api-key'];
  const apiKey = typeof header === 'string' && context.options.apiKeys.has(header) ? header : undefined;
  if (apiKey === undefined && !viaPage) {
    const why = header === undefined ? 'missing' : 'not one the emulator accepts';
    return neynarError('Unauthorized', `The API key in the x-api-key header is ${why}; send the key the emulator printed.`);
  }
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (LIST.test(path) && method === 'GET') return listNeynarWebhooks(context);
  if (TOKENS.test(path) && method === 'GET') return listNeynarTokens(context.miniApp.tokens.list(), url);
  if (!WEBHOOK.test(path) || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    return neynarError(
      'NotFound',
      `No route for ${method} ${path}; the emulator serves Neynar's webhook API (/v2/farcaster/webhook/) and its notification token list (GET /v2/farcaster/frame/notification_tokens/).`,
    );
  }
  if (method === 'GET') return lookupNeynarWebhook(context, url.searchParams.get('webhook_id'));
  const body = await readJson(req);
  if (!body.ok) return neynarError('InvalidJson', body.message);
  if (method === 'POST') return createNeynarWebhook(context, body.value, apiKey ?? 'emulator-page');
  if (method === 'PUT') return updateNeynarWebhook(context, body.value);
  if (method === 'PATCH') return setNeynarWebhookActive(context, body.value);
  return deleteNeynarWebhook(context, body.value);
}
