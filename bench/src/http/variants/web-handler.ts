import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { webhookHandler } from '@social-webhooks/core';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The core's Web-standard handler as the whole `fetch` of `@hono/node-server`, no framework. */
export function listen(): Server {
  const fetch = webhookHandler({
    secret: BENCH_SECRET,
    on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
  });
  return serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
}
