/** The codes the page answers a refused request with, as `{ error, message }` JSON. */
export type DashboardErrorCode =
  | 'unauthorized'
  | 'authorize_failed'
  | 'cross_origin'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_request'
  | 'dead_letters_unavailable'
  | 'archive_unavailable'
  | 'history_unavailable'
  | 'replay_failed';

/** Each code's status. A read or a check that cannot run fails closed, with a 503. */
export const DASHBOARD_ERROR_STATUS: Readonly<Record<DashboardErrorCode, number>> = {
  unauthorized: 401,
  authorize_failed: 503,
  cross_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_request: 400,
  dead_letters_unavailable: 503,
  archive_unavailable: 503,
  history_unavailable: 503,
  replay_failed: 503,
};

/** A refusal as JSON: the page never shows an error's own text, which could quote a delivery. */
export function errorResponse(code: DashboardErrorCode, message: string): Response {
  return new Response(JSON.stringify({ error: code, message }), {
    status: DASHBOARD_ERROR_STATUS[code],
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(code === 'method_not_allowed' && { allow: 'GET, POST' }),
    },
  });
}
