// A notification to every user (or to some: `"to": [3, 4]`), for whoever holds BROADCAST_SECRET:
// curl -X POST https://<your domain>/api/broadcast -H "authorization: Bearer $BROADCAST_SECRET" \
//   -d '{"notificationId":"digest-2026-11-27","title":"Today","body":"What happened today.","targetUrl":"https://<your domain>/"}'
// The broadcast is recorded in Upstash, then sent for as long as this function may run; what is
// left when it must answer (a large audience, users rate-limited) the cron route sends later.
import { isWebhookError, type Notification, type RecordableAudience } from '@social-webhooks/core';
import { hasBearer } from '../../../lib/bearer';
import { configured } from '../../../lib/configured';
import { upstashStores } from '../../../lib/upstash';

export const dynamic = 'force-dynamic';
// Vercel stops the function after maxDuration seconds: the run below stops starting requests 10 s before.
export const maxDuration = 60;
const RUN_MS = 50_000;

export const POST = configured(() => {
  const { broadcasts } = upstashStores();
  return async function broadcast(request) {
    if (!hasBearer(request, process.env['BROADCAST_SECRET'])) {
      return Response.json({ error: 'unauthorized' }, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    }
    const input: unknown = await request.json().catch(() => undefined);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return Response.json({ error: 'invalid_json', message: 'the body must be a JSON object: a notification, and `to`' }, { status: 400 });
    }
    const { to = 'all', ...notification } = input as Notification & { to?: RecordableAudience };
    let started;
    try {
      // The same notificationId to the same audience is the same broadcast: a repeated call adds
      // nothing and reaches nobody twice (`existing: true`).
      started = await broadcasts.start(notification, { to });
    } catch (error) {
      // A notification the clients would refuse (a targetUrl off the domain, a title too long): nothing was recorded.
      if (isWebhookError(error) && error.code === 'invalid_options') {
        return Response.json({ error: 'invalid_notification', message: error.message }, { status: 400 });
      }
      throw error;
    }
    await broadcasts.run({ id: started.id, timeLimitMs: RUN_MS });
    const progress = await broadcasts.get(started.id);
    // 200 once every user has an outcome; 202 while the cron has some left to send.
    return Response.json({ ...started, progress }, { status: progress?.done === true ? 200 : 202 });
  };
});
