import type { IncomingMessage, ServerResponse } from 'node:http';
import { broadcastsOf } from './notification-broadcasts.js';
import { readJson } from '../api/http-json.js';
import { firstIssue } from '../api/requests.js';
import type { RouteAnswer } from '../api/management-routes.js';
import { EmulatorError } from '../emulator-error.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { hubSigners } from './hub-signers.js';
import { HUB_SIGNERS_PATH, MINI_APP_PREFIX, NOTIFICATIONS_PATH, type MiniAppHost } from './miniapp-host.js';
import { notificationFaultsSchema } from './notification-faults.js';
import { answerNotification } from './notification-route.js';
import { listUsers } from './miniapp-users.js';
import { maskMiniAppDelivery, maskReceived, maskSentForPage } from './mask-tokens.js';
import { sendMiniAppEvent } from './send-miniapp-event.js';
import { sendAnswer } from '../api/send-answer.js';

const DELIVERY_PATH = /^\/_emulator\/miniapp\/deliveries\/([^/]+)$/;
const RECEIVED_PATH = `${MINI_APP_PREFIX}received`;
const USERS_PATH = `${MINI_APP_PREFIX}users`;
const REFUSED_PATH = `${MINI_APP_PREFIX}refused`;
const FAULTS_PATH = `${NOTIFICATIONS_PATH}/faults`;

/** What the Mini App routes need of the emulator: its options (API keys, limits) and its Mini App side. */
export interface MiniAppRouteContext {
  readonly options: ResolvedEmulatorOptions;
  readonly miniApp: MiniAppHost;
}

/** Whether `path` is one of the Mini App routes: the hub's, or the emulator's own under `/_emulator/miniapp/`. */
export function isMiniAppPath(path: string): boolean {
  return path === HUB_SIGNERS_PATH || path.startsWith(MINI_APP_PREFIX);
}

/**
 * Answers a Mini App route; the emulator's errors as `{ status: false, code, message }`, as its
 * other routes. `viaPage`: the request carries the page's token from one of the emulator's own host
 * names (the router checked both), which stands for an API key.
 */
export async function answerMiniApp(
  context: MiniAppRouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  viaPage = false,
): Promise<void> {
  // The notification route answers as a Farcaster client does, faults included (notification-route.ts).
  if (req.method === 'POST' && url.pathname === NOTIFICATIONS_PATH) return answerNotification(context.miniApp, req, res);
  return sendAnswer(res, () => answerFor(context, req, url, viaPage));
}

async function answerFor(
  { options, miniApp }: MiniAppRouteContext,
  req: IncomingMessage,
  url: URL,
  viaPage: boolean,
): Promise<RouteAnswer> {
  const { method } = req;
  const path = url.pathname;
  const withBody = async (handle: (body: unknown) => RouteAnswer | Promise<RouteAnswer>): Promise<RouteAnswer> => {
    const body = await readJson(req);
    return body.ok ? handle(body.value) : { status: 400, body: { status: false, message: body.message } };
  };
  // A hub answers anyone, and a notification's token is its own credential (answerMiniApp): no API key.
  if (method === 'GET' && path === HUB_SIGNERS_PATH) return hubSigners(miniApp.keys, url);
  const key = req.headers.authorization;
  if (!viaPage && (key === undefined || !options.apiKeys.has(key))) {
    return { status: 401, body: { status: false, message: 'Unauthorized: missing or unknown API key in the Authorization header' } };
  }
  if (method === 'POST' && path === `${MINI_APP_PREFIX}events`) {
    return withBody(async (body) => {
      const sent = await sendMiniAppEvent(miniApp, body);
      // The command line is answered the token it may use; the page shows its first characters only.
      return { status: 202, body: { status: true, ...(viaPage ? maskSentForPage(sent) : sent) } };
    });
  }
  // The bodies carry the user's notification token in their payload: masked, as the page shows a token.
  if (method === 'GET' && path === `${MINI_APP_PREFIX}deliveries`)
    return { status: 200, body: { deliveries: miniApp.deliveries.list().map(maskMiniAppDelivery) } };
  const deliveryId = DELIVERY_PATH.exec(path)?.[1];
  if (method === 'GET' && deliveryId !== undefined) {
    const delivery = miniApp.deliveries.get(decodeURIComponent(deliveryId));
    if (delivery === undefined)
      throw new EmulatorError(
        'unknown_delivery',
        `no Mini App delivery ${JSON.stringify(deliveryId)}; list them with GET ${MINI_APP_PREFIX}deliveries.`,
      );
    return { status: 200, body: { delivery: maskMiniAppDelivery(delivery) } };
  }
  if (method === 'GET' && path === NOTIFICATIONS_PATH) return { status: 200, body: { notifications: miniApp.inbox } };
  if (method === 'GET' && path === `${MINI_APP_PREFIX}broadcasts`)
    return { status: 200, body: { broadcasts: broadcastsOf(miniApp.inbox, miniApp.tokens) } };
  if (method === 'GET' && path === `${MINI_APP_PREFIX}tokens`) return { status: 200, body: { tokens: miniApp.tokens.list() } };
  if (method === 'GET' && path === RECEIVED_PATH)
    return { status: 200, body: { received: miniApp.ledger.received(fidParam(url)).map(maskReceived) } };
  if (method === 'GET' && path === USERS_PATH)
    return { status: 200, body: { users: listUsers(miniApp.deliveries.list(), miniApp.tokens.list(), fidParam(url)) } };
  if (method === 'GET' && path === REFUSED_PATH) return { status: 200, body: { refused: miniApp.refusals.list(fidParam(url)) } };
  if (path === FAULTS_PATH) return faultsRoute(miniApp, method, withBody);
  return { status: 404, body: { status: false, message: `No route for ${method} ${path}` } };
}

/** `?fid=N` of the received, users and refused lists: one user's, or everyone's without it. @throws {EmulatorError} `invalid_request`. */
function fidParam(url: URL): number | undefined {
  const text = url.searchParams.get('fid');
  if (text === null) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(text))
    throw new EmulatorError('invalid_request', `fid must be a positive whole number, e.g. ?fid=3; got ${JSON.stringify(text)}.`);
  return Number(text);
}

/** `GET|PUT|DELETE /_emulator/miniapp/notifications/faults`: the faults the notification route plays next. */
async function faultsRoute(
  miniApp: MiniAppHost,
  method: string | undefined,
  withBody: (handle: (body: unknown) => RouteAnswer) => Promise<RouteAnswer>,
): Promise<RouteAnswer> {
  if (method === 'GET') return { status: 200, body: { faults: miniApp.faults.get() ?? null } };
  if (method === 'DELETE') {
    miniApp.faults.set(undefined);
    return { status: 200, body: { faults: null } };
  }
  if (method !== 'PUT') return { status: 404, body: { status: false, message: `No route for ${method} ${FAULTS_PATH}` } };
  return withBody((body) => {
    const parsed = notificationFaultsSchema.safeParse(body);
    if (!parsed.success)
      throw new EmulatorError(
        'invalid_request',
        `${firstIssue(parsed.error)}; send { status?: 500-599, delayMs?, brokenBody?: 'not_json' | 'no_result', times? }.`,
      );
    miniApp.faults.set(parsed.data);
    return { status: 200, body: { faults: miniApp.faults.get() } };
  });
}
