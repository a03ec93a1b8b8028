import { webhookHandler, type Logger, type SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** Where each delivery's outcome is logged (never the secret nor the body). Default: silent. */
  readonly logger?: Logger;
}

/**
 * The example receiver as a `fetch` function for `Bun.serve`: `POST /webhook` and `GET /health`.
 * One process, so the in-memory dedupe store suffices; `respondWithin` answers 202 before the
 * service's gateway (5 s) would give up on a slow handler.
 */
export function createFetch({ secret, log = (line) => console.log(line), logger }: AppOptions): (request: Request) => Promise<Response> {
  const handleWebhook = webhookHandler({
    secret,
    dedupe: true,
    respondWithin: 4000,
    ...(logger && { logger }),
    on: {
      'profile.created': (event) => log(`profile.created: user ${event.data.userId}`),
      'profile.updated': (event) => log(`profile.updated: user ${event.data.userId}`),
      'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} -> ${event.data.followingProfileId}`),
      'follow.deleted': (event) => log(`follow.deleted: ${event.data.followerProfileId} -/-> ${event.data.followingProfileId}`),
    },
  });
  return async function fetchBunReceiver(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/webhook') return handleWebhook(request);
    if (pathname === '/health' && request.method === 'GET') return Response.json({ ok: true });
    return new Response('Not found', { status: 404 });
  };
}
