import type { Server } from 'node:http';
import Fastify from 'fastify';
import { webhookPlugin } from '@social-webhooks/fastify';
import { BENCH_SECRET } from '../../support/payloads.js';
import { sink } from '../../support/sink.js';

/** The Fastify plugin, registered as the README shows, with a no-op handler for every event. */
export function listen(): Server {
  const app = Fastify();
  void app.register(webhookPlugin, {
    path: '/webhook',
    secret: BENCH_SECRET,
    on: { 'follow.created': sink, 'follow.deleted': sink, 'profile.created': sink, 'profile.updated': sink },
  });
  // The server exists from the start; it emits 'listening' once the plugin is registered.
  void app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}
