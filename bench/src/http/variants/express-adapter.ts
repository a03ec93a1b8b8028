import type { Server } from 'node:http';
import express from 'express';
import { webhookHandler } from '@social-webhooks/express';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The Express adapter, mounted as the README shows, with a no-op handler for every event. */
export function listen(): Server {
  const app = express();
  app.post(
    '/webhook',
    webhookHandler({
      secret: BENCH_SECRET,
      on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
    }),
  );
  return app.listen(0, '127.0.0.1');
}
