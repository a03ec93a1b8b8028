import { readWebBody } from '@social-webhooks/core/adapter';
import type { OpenReceiverOptions } from './open-receiver-options.js';
import { createOpenReceiver, type OpenAnswer } from './receive-open.js';

/** A Web-standard handler: `Bun.serve`, `Deno.serve`, Workers, Next.js route handlers, Hono (`c.req.raw`). */
export type OpenHandler = (request: Request) => Promise<Response>;

/**
 * The receiver of open reports (`reportOpen` of `@social-webhooks/opens/page`), as a Web-standard
 * handler: verifies the Quick Auth token of `Authorization: Bearer …` for `domain` (Quick Auth's own
 * verification, `@farcaster/quick-auth`), and records the open for the token's FID (`sub`), never a
 * FID from the body. 200 `{ recorded: true, unique }`; 401 `missing_token` or `invalid_token`; 400
 * for a bad body; with `history`, 404 `notification_not_sent` for a notification that user was not
 * sent; 503 `token_keys_unavailable` when the key set cannot be fetched (fails closed), 503
 * `open_history_unavailable` when the history fails, 503 `open_store_unavailable` when the store
 * fails. docs/errors.md lists every answer.
 *
 * @param options `domain` and `store` (required), `verify` (default: Quick Auth's, with auth.farcaster.xyz's keys),
 *   `history` (default: none, no check of what was sent), `maxBodyBytes` (default 4,096), `logger`
 *   (default `console`), `now` (default `Date.now`).
 * @throws {WebhookError} `invalid_options` when an option is missing or malformed.
 * @example
 * const opens = memoryOpenStore();
 * export const POST = openReceiver({ domain: 'app.example.com', store: opens }); // app/api/opens/route.ts
 */
export function openReceiver(options: OpenReceiverOptions): OpenHandler {
  const receiver = createOpenReceiver(options, '@social-webhooks/opens');
  return async function receiveOpen(request: Request): Promise<Response> {
    const { headers } = request;
    const answer = await receiver.receive({
      method: request.method,
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      readBody: (limit) => readWebBody(request, limit),
    });
    return toResponse(answer);
  };
}

/** A JSON `Response`; a 405 says `Allow: POST`. */
export function toResponse(answer: OpenAnswer): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (answer.status === 405) headers['allow'] = 'POST';
  return new Response(answer.body, { status: answer.status, headers });
}
