// Continues every unfinished broadcast: Vercel calls it on the schedule of vercel.json's `crons`,
// with `Authorization: Bearer $CRON_SECRET` (Vercel sends the project's CRON_SECRET variable).
// A run that stops halfway (its time, a crash) leaves its progress in Upstash; the next run sends
// only what is left, and two runs at once never send the same broadcast together (a lease).
import { hasBearer } from '../../../../lib/bearer';
import { configured } from '../../../../lib/configured';
import { upstashStores } from '../../../../lib/upstash';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;
const RUN_MS = 50_000;

export const GET = configured(() => {
  const { broadcasts } = upstashStores();
  return async function continueBroadcasts(request) {
    if (!hasBearer(request, process.env['CRON_SECRET'])) {
      return Response.json({ error: 'unauthorized' }, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    }
    const { done, broadcasts: worked, busy } = await broadcasts.run({ timeLimitMs: RUN_MS });
    for (const { id, notification, successful, done: finished } of worked) {
      console.log(`broadcast ${notification.notificationId} (${id}): ${successful} delivered, ${finished ? 'done' : 'continues'}`);
    }
    return Response.json({ done, broadcasts: worked, busy });
  };
});
