// app/api/neynar-edge/route.ts: Neynar's webhooks on Next.js's Edge runtime. Next runs this bundle
// in a sandbox of its own realm and hands it the host's Request, whose promises and bytes are not
// the sandbox's: the receiver checks for thenables, never `instanceof Promise` (issue 33, item 12).
// Next 16 still runs it, and `next build` warns that the Edge runtime is deprecated in favour of
// Node.js (app/api/neynar/route.ts); `runtime = 'edge'` must be a literal in the route file itself.
import { neynarSender, webhookHandler } from '@social-webhooks/core';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

export const POST = webhookHandler({
  // A function: read on each delivery, so `next build` needs no secret.
  sender: neynarSender({ secrets: () => process.env['NEYNAR_WEBHOOK_SECRET'] }),
  // Small, so the test shows a chunked body over it answered 413 at once.
  maxBodyBytes: 16 * 1024,
  on: { 'cast.created': (event) => console.log(`cast.created: ${event.data.hash} by ${event.data.author.fid} (edge)`) },
});
