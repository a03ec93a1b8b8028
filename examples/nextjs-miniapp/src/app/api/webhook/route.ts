// The Mini App's webhookUrl (its manifest's `webhookUrl`: https://<your domain>/api/webhook). Each
// event is a JSON Farcaster Signature: its Ed25519 signature is checked, then its key against the
// user's app keys on a hub (Neynar's), and the user's notification token kept in Upstash.
import { after } from 'next/server';
import { applyMiniAppEvent, miniAppSender, verifyAppKeyWithNeynar, webhookHandler, type MiniAppEvent } from '@social-webhooks/core';
import { configured } from '../../../lib/configured';
import { required } from '../../../lib/env';
import { upstashStores } from '../../../lib/upstash';
import { welcomeOf } from '../../../lib/welcome';

export const dynamic = 'force-dynamic';

export const POST = configured(() => {
  const { tokens, appKeys, notifier, domain } = upstashStores();
  // The app keys, the lookup budget and the hub's 429 pause in Upstash: a flood of forged events
  // spends the hub quota of one instance, not one per function instance.
  // Neynar's rate limit for your plan (5 lookups a second on Starter, the default): a lookup past it waits, answered 503.
  const maxLookupsPerSecond = Number(process.env['NEYNAR_LOOKUPS_PER_SECOND'] || 5);
  const verifyAppKey = verifyAppKeyWithNeynar({ apiKey: required('NEYNAR_API_KEY'), store: appKeys, maxLookupsPerSecond });
  const apply = (event: MiniAppEvent) => applyMiniAppEvent(tokens, event);
  return webhookHandler({
    sender: miniAppSender({ verifyAppKey }),
    on: {
      miniapp_added: async (event) => {
        await apply(event);
        if (event.data.notificationDetails === undefined) return; // added with notifications off
        const { fid } = event.data;
        // After the answer (a client gives the webhook seconds), and still inside this invocation:
        // on Vercel, `after()` hands the promise to the platform's waitUntil, so the function is not
        // frozen before the welcome is sent, as it may be once the response is out.
        after(() =>
          notifier.send(welcomeOf(fid, domain), { to: fid }).then(
            (report) => console.log(`welcome to fid ${fid}: ${report.successful} delivered`),
            (error: unknown) => console.error(`welcome to fid ${fid} not sent:`, error),
          ),
        );
      },
      miniapp_removed: apply,
      notifications_enabled: apply,
      notifications_disabled: apply,
    },
  });
});
