import { webhookHandler, type DeliveryReport, type SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string) => void;
  /** Called with each delivery's outcome, for metrics. Default: none. */
  readonly onResult?: (report: DeliveryReport) => void;
}

/**
 * The example receiver as a handler for `Deno.serve`: `POST /webhook` and `GET /health`. The
 * in-memory dedupe store protects this one process; `onResult` feeds metrics.
 */
export function createHandler({
  secret,
  log = (line) => console.log(line),
  onResult,
}: AppOptions): (request: Request) => Promise<Response> {
  const handleWebhook = webhookHandler({
    secret,
    dedupe: true,
    ...(onResult && { onResult }),
    on: {
      'profile.created': (event) => log(`profile.created: user ${event.data.userId}`),
      'profile.updated': (event) => log(`profile.updated: user ${event.data.userId}`),
      'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} -> ${event.data.followingProfileId}`),
      'follow.deleted': (event) => log(`follow.deleted: ${event.data.followerProfileId} -/-> ${event.data.followingProfileId}`),
    },
  });
  return async function handleDenoRequest(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/webhook') return handleWebhook(request);
    if (pathname === '/health' && request.method === 'GET') return Response.json({ ok: true });
    return new Response('Not found', { status: 404 });
  };
}
