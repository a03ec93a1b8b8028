import { createServer, type Server } from 'node:http';
import { webhookHandler } from '@social-webhooks/node';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The Node listener as the whole `node:http` server, as the README shows, with a no-op handler for every event. */
export function listen(): Server {
  const receive = webhookHandler({
    secret: BENCH_SECRET,
    on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
  });
  return createServer(receive).listen(0, '127.0.0.1');
}
