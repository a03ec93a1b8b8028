// app/api/neynar/route.ts: Neynar's webhooks on Next.js's Node.js runtime, the default for route
// handlers (said here for readers). Point the webhook's URL at /api/neynar.
import { neynarSender, webhookHandler } from '@social-webhooks/core';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = webhookHandler({
  // A function: read on each delivery, so `next build` needs no secret.
  sender: neynarSender({ secrets: () => process.env['NEYNAR_WEBHOOK_SECRET'] }),
  on: { 'cast.created': (event) => console.log(`cast.created: ${event.data.hash} by ${event.data.author.fid} (node)`) },
});
