// app/api/webhook/route.ts in a Next.js App Router project: the service POSTs to /api/webhook.
// Next calls `POST(request, { params })` with a Web Request and sends the Response it returns.
import { webhookHandler } from '@social-webhooks/core';
import { parseSecret } from '../../../parse-secret';
import { onFollowCreated, onProfileUpdated } from '../../../handlers';

// Route handlers are dynamic by default; this says so for readers, and keeps it dynamic on any version.
export const dynamic = 'force-dynamic';

/**
 * The webhook route. Any other method gets 405 from Next itself, as only POST is exported.
 * `respondWithin` answers 202 before the gateway's 5 s run out; on a serverless platform, keep
 * handlers short or hand work to a queue, as the function may be frozen once the answer is sent.
 */
export const POST = webhookHandler({
  // A function: read on the first delivery, not when `next build` loads this module to collect its
  // page data, so the app builds without the secret and gets it at run time (Docker, CI).
  secret: () => parseSecret(process.env['WEBHOOK_SECRET']),
  respondWithin: 4000,
  on: {
    'follow.created': onFollowCreated,
    'profile.updated': onProfileUpdated,
  },
});
