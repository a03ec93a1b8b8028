import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerMiniApp, isMiniAppPath } from '../miniapp/miniapp-router.js';
import type { MiniAppHost } from '../miniapp/miniapp-host.js';
import { isAllowedHost } from '../page/allowed-host.js';
import { sendPage } from '../page/send-page.js';
import { faultsRoute, getDeliveryRoute, replayFailedRoute, replayRoute } from './delivery-routes.js';
import { listDeliveries, listWebhooks, publishEvent } from './emulator-routes.js';
import { openEventStream } from './event-stream.js';
import { readJson, sendJson } from './http-json.js';
import { answerNeynar, isNeynarPath } from '../neynar/neynar-router.js';
import { listNeynarForPage, rotateSecretRoute } from '../neynar/neynar-emulator-routes.js';
import { publishNeynarEvent } from '../neynar/neynar-publish.js';
import { createWebhook, deleteWebhook, testFilter, type ManagementContext, type RouteAnswer } from './management-routes.js';
import { sendAnswer } from './send-answer.js';

const WEBHOOK_PATH = /^\/api\/v1\/webhooks\/([^/]+)$/;
const DELIVERY_PATH = /^\/_emulator\/deliveries\/([^/]+)$/;
const REPLAY_PATH = /^\/_emulator\/deliveries\/([^/]+)\/replay$/;
const FAULTS_PATH = /^\/_emulator\/webhooks\/([^/]+)\/faults$/;
const ROTATE_PATH = /^\/_emulator\/neynar\/webhooks\/([^/]+)\/rotate-secret$/;

/** The header the page authenticates with instead of the API key; see {@link route}. */
export const PAGE_TOKEN_HEADER = 'x-emulator-page-token';

/** The router's context: the management API's, plus the token the page was served with. */
export interface RouterContext extends ManagementContext {
  readonly pageToken: string;
  /** The emulator as a Farcaster client and a hub for Mini Apps (miniapp/miniapp-router.ts). */
  readonly miniApp: MiniAppHost;
}

/**
 * Routes one request. The page (`GET /`) needs no key: it is served with a per-process token that
 * its script sends in `x-emulator-page-token` (or `?token=` for the event stream, which a browser
 * opens without custom headers). Every other route asks for a configured API key in
 * `Authorization` (no scheme, as the service's examples send it) or that token; a missing or unknown
 * key is answered 401 `{ status: false, message }`, the shape of the service's other failures.
 */
export async function route(context: RouterContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const viaPage = req.headers[PAGE_TOKEN_HEADER] ?? (url.pathname === '/_emulator/stream' ? url.searchParams.get('token') : undefined);
  // A hub's route and a client's notification API answer as those do, before the page's checks; the
  // page's token stands for the API key only from the emulator's own host names.
  if (isMiniAppPath(url.pathname)) {
    const pageAllowed = viaPage === context.pageToken && isAllowedHost(req.headers.host, context.options.host);
    return answerMiniApp(context, req, res, url, pageAllowed);
  }
  const pageRequest = url.pathname === '/' || viaPage !== undefined;
  // A page that any website could load through DNS rebinding would hand it the token: only the
  // emulator's own host names are served (see allowed-host.ts).
  if (pageRequest && !isAllowedHost(req.headers.host, context.options.host)) {
    return sendJson(res, 403, {
      status: false,
      message: `The emulator's page answers only on its own address; open ${context.baseUrl()}/ instead.`,
    });
  }
  if (req.method === 'GET' && url.pathname === '/') return sendPage(res, context);
  // Neynar's management API has its own key header and error shape (neynar-router.ts).
  if (isNeynarPath(url.pathname)) {
    const answer = await answerNeynar(context, req, url, viaPage === context.pageToken);
    return sendJson(res, answer.status, answer.body);
  }
  const key = req.headers.authorization;
  const byKey = key !== undefined && context.options.apiKeys.has(key);
  if (!byKey && viaPage !== context.pageToken) {
    return sendJson(res, 401, { status: false, message: 'Unauthorized: missing or unknown API key in the Authorization header' });
  }
  if (req.method === 'GET' && url.pathname === '/_emulator/stream') return openEventStream(context, res);
  return sendAnswer(res, () => answerFor(context, req, url));
}

async function answerFor(context: ManagementContext, req: IncomingMessage, url: URL): Promise<RouteAnswer> {
  const { method } = req;
  const path = url.pathname;
  const id = (pattern: RegExp) => {
    const match = pattern.exec(path);
    return match === null ? undefined : decodeURIComponent(match[1]!);
  };
  const webhookId = id(WEBHOOK_PATH);
  if (method === 'DELETE' && webhookId !== undefined) return deleteWebhook(context, webhookId);
  if (method === 'GET' && path === '/_emulator/deliveries') return listDeliveries(context, url.searchParams.get('webhook_id') ?? undefined);
  if (method === 'GET' && path === '/_emulator/webhooks') return listWebhooks(context);
  if (method === 'GET' && path === '/_emulator/neynar/webhooks') return listNeynarForPage(context);
  const deliveryId = id(DELIVERY_PATH);
  if (method === 'GET' && deliveryId !== undefined) return getDeliveryRoute(context, deliveryId);
  const replayId = id(REPLAY_PATH);
  if (method === 'POST' && replayId !== undefined && replayId !== 'replay') return replayRoute(context, replayId);
  const faultsId = id(FAULTS_PATH);
  if (method === 'DELETE' && faultsId !== undefined) return faultsRoute(context, faultsId, undefined);

  const bodyRoutes: Record<string, (body: unknown) => RouteAnswer> = {
    'POST /api/v1/webhooks': (body) => createWebhook(context, body),
    'POST /api/v1/filters/test': (body) => testFilter(body),
    'POST /_emulator/events': (body) => publishEvent(context, body),
    'POST /_emulator/deliveries/replay': (body) => replayFailedRoute(context, body),
    'POST /_emulator/neynar/events': (body) => publishNeynarEvent(context, body),
  };
  const rotateId = id(ROTATE_PATH);
  if (method === 'POST' && rotateId !== undefined) bodyRoutes[`POST ${path}`] = (body) => rotateSecretRoute(context, rotateId, body);
  if (method === 'PUT' && faultsId !== undefined) bodyRoutes[`PUT ${path}`] = (body) => faultsRoute(context, faultsId, body);
  const handler = bodyRoutes[`${method ?? ''} ${path}`];
  if (handler === undefined) return { status: 404, body: { status: false, message: `No route for ${method} ${path}` } };
  const body = await readJson(req);
  return body.ok ? handler(body.value) : { status: 400, body: { status: false, message: body.message } };
}
