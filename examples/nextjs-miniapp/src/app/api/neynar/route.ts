// Neynar's webhooks (casts, follows, reactions...), each handled once whichever function instance
// each copy of a delivery reaches: the dedupe claim is kept in Upstash with the rest.
import { neynarSender, webhookHandler } from '@social-webhooks/core';
import { redisStore } from '@social-webhooks/redis';
import { configured } from '../../../lib/configured';
import { required } from '../../../lib/env';
import { upstashStores } from '../../../lib/upstash';

export const dynamic = 'force-dynamic';

export const POST = configured(() =>
  webhookHandler({
    sender: neynarSender({ secrets: required('NEYNAR_WEBHOOK_SECRET') }),
    on: { 'cast.created': (event) => console.log(`cast ${event.data.hash} by ${event.data.author.fid} handled`) },
    dedupe: { store: redisStore({ client: upstashStores().redis }) },
  }),
);
