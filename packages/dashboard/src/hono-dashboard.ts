import { dashboardHandler } from './dashboard-handler.js';
import type { DashboardOptions } from './options.js';

/** What the Hono mount reads of its context: the Web request, `c.req.raw`. */
export interface HonoLikeContext {
  readonly req: { readonly raw: Request };
}

/**
 * The page as a Hono handler: mount it on the base path and everything under it.
 * @throws {WebhookError} `invalid_options`, as {@link dashboardHandler}.
 * @example
 * const page = honoDashboard({ basePath: '/admin', authorize });
 * app.all('/admin', page);
 * app.all('/admin/*', page);
 */
export function honoDashboard(options: DashboardOptions): (c: HonoLikeContext) => Promise<Response> {
  const handle = dashboardHandler(options);
  return function socialWebhooksHonoDashboard(c) {
    return handle(c.req.raw);
  };
}
