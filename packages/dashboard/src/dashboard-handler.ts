import { replayAction, retryAction } from './actions.js';
import { errorResponse } from './dashboard-error.js';
import { layout, newNonce, pageResponse } from './layout.js';
import { resolveDashboardOptions, type DashboardOptions, type ResolvedDashboardOptions } from './options.js';
import { isSameOrigin } from './same-origin.js';
import { SourceFailure, taggedSources } from './sources.js';
import { broadcastDetail } from './views/broadcast-detail.js';
import { broadcasts } from './views/broadcasts.js';
import { deadLetterList } from './views/dead-letter-list.js';
import { deliveries, failures } from './views/deliveries.js';
import { detail } from './views/detail.js';
import { overview } from './views/overview.js';
import { timeline } from './views/timeline.js';
import { NOTICES, type ViewContext } from './views/view-context.js';
import type { SafeHtml } from './html.js';

/** The page as a Web-standard handler: any runtime with `Request` and `Response`. */
export type DashboardHandler = (request: Request) => Promise<Response>;

const TITLES: Readonly<Record<string, string>> = {
  '': 'Overview',
  '/deliveries': 'Deliveries',
  '/failures': 'Failures',
  '/dead-letters': 'Dead letters',
  '/broadcasts': 'Broadcasts',
  '/timeline': "A user's timeline",
};

const UNAVAILABLE: Readonly<Record<string, string>> = {
  archive_unavailable: 'The delivery archive',
  history_unavailable: 'The notification history',
  dead_letters_unavailable: 'A dead-letter queue',
};

/**
 * The production page: deliveries by sender and outcome per hour, a delivery's detail (its headers
 * and body with every token and secret masked), failures, and dead letters with retry buttons (and
 * replay buttons when `replay` is given), and, with `history`, the broadcasts sent (counts by
 * outcome, opens when joined), a broadcast's counts by reason and client, and a user's timeline by
 * FID (no token is ever shown: the history keeps none). Server-rendered HTML with no script and a strict CSP;
 * every request is first asked of the app's `authorize` (refused: 401 JSON, no page), and every
 * POST must come from the page's own origin (403 `cross_origin` otherwise). Mount it under
 * `basePath` with `nodeDashboard` (node:http, Express) or `honoDashboard`, or call it with a `Request`.
 *
 * @param options `authorize` (required), `basePath` (`/webhooks-admin`), `archive`, `deadLetters`,
 *   `replay`, `history`, `hours` (24).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const page = dashboardHandler({
 *   authorize: (request) => request.headers.get('authorization') === `Bearer ${process.env.ADMIN_TOKEN}`,
 *   deadLetters: deadLetters(queue),
 * });
 * const response = await page(new Request('https://app.example/webhooks-admin/dead-letters'));
 */
export function dashboardHandler(options: DashboardOptions): DashboardHandler {
  const resolved = taggedSources(resolveDashboardOptions(options));
  const base = resolved.basePath;
  return async function socialWebhooksDashboard(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path =
      url.pathname === base ? '' : url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length).replace(/\/$/, '') : undefined;
    if (path === undefined) return errorResponse('not_found', `The page is under ${base}.`);
    let allowed: boolean;
    try {
      allowed = (await resolved.authorize(request)) === true;
    } catch (error) {
      console.error('@social-webhooks/dashboard: authorize() threw; the request was refused.', error);
      return errorResponse('authorize_failed', 'The authorization check failed; the request was refused. Try again.');
    }
    if (!allowed) return errorResponse('unauthorized', 'Sign in to the app to see this page.');
    try {
      if (request.method === 'POST') return await act(resolved, request, url, path);
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return errorResponse('method_not_allowed', 'The page answers GET, and POST for its buttons.');
      return await view(resolved, url, path);
    } catch (error) {
      if (!(error instanceof SourceFailure)) throw error;
      console.error(`@social-webhooks/dashboard: ${error.code}.`, error.cause);
      return errorResponse(error.code, `${UNAVAILABLE[error.code] ?? 'A source'} could not be read. Try again.`);
    }
  };
}

async function act(options: ResolvedDashboardOptions, request: Request, url: URL, path: string): Promise<Response> {
  if (!isSameOrigin(request, url))
    return errorResponse('cross_origin', "The page's buttons post from the page itself; this request came from elsewhere.");
  if (path === '/dead-letters/retry') return retryAction(options, request);
  if (path === '/replay') return replayAction(options, request);
  return errorResponse('not_found', 'No such action.');
}

async function view(options: ResolvedDashboardOptions, url: URL, path: string): Promise<Response> {
  const nonce = newNonce();
  const notice = NOTICES[url.searchParams.get('notice') ?? ''];
  const context: ViewContext = { options, url, nonce, notice };
  const now = Date.now();
  let body: SafeHtml | Response;
  let title = TITLES[path];
  let current = path;
  if (path === '') body = await overview(context, now);
  else if (path === '/deliveries') body = await deliveries(context);
  else if (path === '/failures') body = await failures(context, now);
  else if (path === '/dead-letters') body = await deadLetterList(context);
  else if (path === '/broadcasts') body = await broadcasts(context);
  else if (path === '/timeline') body = await timeline(context);
  else if (path.startsWith('/broadcasts/') && options.history !== undefined) {
    const id = decoded(path.slice('/broadcasts/'.length));
    const broadcast = id === undefined ? undefined : await options.history.get(id);
    if (broadcast === undefined) return errorResponse('not_found', 'No notification has this id in the history.');
    body = broadcastDetail(broadcast);
    title = `Broadcast ${broadcast.title}`;
    current = '/broadcasts';
  } else if (path.startsWith('/deliveries/') && options.archive !== undefined) {
    const id = decoded(path.slice('/deliveries/'.length));
    const delivery = id === undefined ? undefined : await options.archive.get(id);
    if (delivery === undefined) return errorResponse('not_found', 'No archived delivery has this id.');
    body = detail(context, delivery);
    title = `Delivery ${delivery.eventName ?? ''}`;
    current = '/deliveries';
  } else return errorResponse('not_found', 'No such page.');
  if (body instanceof Response) return body;
  return pageResponse(layout(options.basePath, current, title!, nonce, body, notice), nonce);
}

/** A path segment decoded, or `undefined` when it is not valid percent-encoding (answered 404, never a throw). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
