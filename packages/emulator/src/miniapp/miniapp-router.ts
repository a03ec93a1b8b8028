import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson } from '../api/http-json.js';
import type { RouteAnswer } from '../api/management-routes.js';
import { EmulatorError } from '../emulator-error.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { hubSigners } from './hub-signers.js';
import { HUB_SIGNERS_PATH, MINI_APP_PREFIX, NOTIFICATIONS_PATH, type MiniAppHost } from './miniapp-host.js';
import { receiveNotification } from './receive-notification.js';
import { sendMiniAppEvent } from './send-miniapp-event.js';
import { sendAnswer } from '../api/send-answer.js';

const DELIVERY_PATH = /^\/_emulator\/miniapp\/deliveries\/([^/]+)$/;

/** What the Mini App routes need of the emulator: its options (API keys, limits) and its Mini App side. */
export interface MiniAppRouteContext {
  readonly options: ResolvedEmulatorOptions;
  readonly miniApp: MiniAppHost;
}

/** Whether `path` is one of the Mini App routes: the hub's, or the emulator's own under `/_emulator/miniapp/`. */
export function isMiniAppPath(path: string): boolean {
  return path === HUB_SIGNERS_PATH || path.startsWith(MINI_APP_PREFIX);
}

/** Answers a Mini App route; the emulator's errors as `{ status: false, code, message }`, as its other routes. */
export async function answerMiniApp(context: MiniAppRouteContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  return sendAnswer(res, () => answerFor(context, req, url));
}

async function answerFor({ options, miniApp }: MiniAppRouteContext, req: IncomingMessage, url: URL): Promise<RouteAnswer> {
  const { method } = req;
  const path = url.pathname;
  const withBody = async (handle: (body: unknown) => RouteAnswer | Promise<RouteAnswer>): Promise<RouteAnswer> => {
    const body = await readJson(req);
    return body.ok ? handle(body.value) : { status: 400, body: { status: false, message: body.message } };
  };
  // A hub answers anyone, and a notification's token is its own credential: these two need no API key.
  if (method === 'GET' && path === HUB_SIGNERS_PATH) return hubSigners(miniApp.keys, url);
  if (method === 'POST' && path === NOTIFICATIONS_PATH)
    return withBody((body) => receiveNotification(miniApp.tokens, miniApp.inbox, miniApp.limit, body));
  const key = req.headers.authorization;
  if (key === undefined || !options.apiKeys.has(key)) {
    return { status: 401, body: { status: false, message: 'Unauthorized: missing or unknown API key in the Authorization header' } };
  }
  if (method === 'POST' && path === `${MINI_APP_PREFIX}events`) {
    return withBody(async (body) => ({ status: 202, body: { status: true, ...(await sendMiniAppEvent(miniApp, body)) } }));
  }
  if (method === 'GET' && path === `${MINI_APP_PREFIX}deliveries`) return { status: 200, body: { deliveries: miniApp.deliveries.list() } };
  const deliveryId = DELIVERY_PATH.exec(path)?.[1];
  if (method === 'GET' && deliveryId !== undefined) {
    const delivery = miniApp.deliveries.get(decodeURIComponent(deliveryId));
    if (delivery === undefined)
      throw new EmulatorError(
        'unknown_delivery',
        `no Mini App delivery ${JSON.stringify(deliveryId)}; list them with GET ${MINI_APP_PREFIX}deliveries.`,
      );
    return { status: 200, body: { delivery } };
  }
  if (method === 'GET' && path === NOTIFICATIONS_PATH) return { status: 200, body: { notifications: miniApp.inbox } };
  if (method === 'GET' && path === `${MINI_APP_PREFIX}tokens`) return { status: 200, body: { tokens: miniApp.tokens.list() } };
  return { status: 404, body: { status: false, message: `No route for ${method} ${path}` } };
}
