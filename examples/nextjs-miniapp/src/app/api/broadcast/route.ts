// A notification to every user (or to some: `"to": [3, 4]`), for whoever holds BROADCAST_SECRET:
// curl -X POST https://<your domain>/api/broadcast -H "authorization: Bearer $BROADCAST_SECRET" \
//   -d '{"notificationId":"digest-2026-11-27","title":"Today","body":"What happened today.","targetUrl":"https://<your domain>/"}'
import { isWebhookError, type Notification, type NotificationAudience } from '@social-webhooks/core';
import { hasBearer } from '../../../lib/bearer';
import { configured } from '../../../lib/configured';
import { upstashStores } from '../../../lib/upstash';

export const dynamic = 'force-dynamic';

export const POST = configured(() => {
  const { notifier } = upstashStores();
  return async function broadcast(request) {
    if (!hasBearer(request, process.env['BROADCAST_SECRET'])) {
      return Response.json({ error: 'unauthorized' }, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    }
    const input: unknown = await request.json().catch(() => undefined);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return Response.json({ error: 'invalid_json', message: 'the body must be a JSON object: a notification, and `to`' }, { status: 400 });
    }
    const { to = 'all', ...notification } = input as Notification & { to?: NotificationAudience };
    try {
      return Response.json(await notifier.send(notification, { to }));
    } catch (error) {
      // A notification the clients would refuse (a targetUrl off the domain, a title too long): nothing was sent.
      if (isWebhookError(error) && error.code === 'invalid_options') {
        return Response.json({ error: 'invalid_notification', message: error.message }, { status: 400 });
      }
      throw error;
    }
  };
});
