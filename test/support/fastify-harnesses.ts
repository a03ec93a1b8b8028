import { Readable } from 'node:stream';
import type { Server } from 'node:http';
import fastify4 from 'fastify4';
import fastify5 from 'fastify5';
import { webhookPlugin, webhookPluginFor, type FastifyWebhookOptions } from '@social-webhooks/fastify';
import { listenWithFetch, PATH, type Harness } from './listen.js';
import { bytes } from './test-request.js';

type FastifyFactory = typeof fastify4 | typeof fastify5;

/**
 * The plugin registered as the README's Fastify quickstart (`webhookPlugin` for the founding sender,
 * `webhookPluginFor` for another), reached through `app.inject` or a socket.
 */
export function fastifyHarness(name: string, fastify: FastifyFactory, transport: 'inject' | 'socket'): Harness {
  return {
    name: `${name} ${transport === 'inject' ? 'app.inject' : 'over a socket'}`,
    // Fastify 4's light-my-request reads a stream payload to its end before dispatching it.
    ...(transport === 'inject' && fastify === fastify4 && { wholeBodiesOnly: true }),
    async mount(options) {
      // Cast to one signature: the two versions' factories differ in overloads the suite does not use
      // (fastify-adapter.test.ts checks the plugin's types against each version's own).
      const app = (fastify as typeof fastify5)();
      // The app's own JSON route beside the plugin: the plugin's parsers must not leak into it.
      app.post('/json', async (request) => request.body);
      if (options.sender === undefined) await app.register(webhookPlugin, { ...options, path: PATH } as FastifyWebhookOptions);
      else await app.register(webhookPluginFor({ ...options, path: PATH }));
      if (transport === 'socket') {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const mounted = await listenWithFetch(app.server as Server);
        return { ...mounted, close: () => app.close() };
      }
      await app.ready();
      return {
        async send(req) {
          const body = Buffer.from(bytes(req.body));
          const middle = Math.floor(body.length / 2);
          // A stalled body: the first half, then a stream that never ends until it is destroyed.
          const stalled = req.stall ? new Readable({ read: () => undefined }) : undefined;
          stalled?.push(body.subarray(0, middle));
          const streamed = req.chunked === true || stalled !== undefined;
          const response = await app.inject({
            method: 'POST',
            url: PATH,
            headers: streamed ? req.headers : { ...req.headers, 'content-length': String(body.length) },
            payload: stalled ?? (req.chunked ? Readable.from([body.subarray(0, middle), body.subarray(middle)]) : body),
          });
          stalled?.destroy();
          return {
            status: response.statusCode,
            contentType: (response.headers['content-type'] as string | undefined) ?? null,
            text: response.body,
          };
        },
        close: () => app.close(),
      };
    },
  };
}

export const fastifyHarnesses: Harness[] = [
  fastifyHarness('Fastify 4', fastify4, 'inject'),
  fastifyHarness('Fastify 4', fastify4, 'socket'),
  fastifyHarness('Fastify 5', fastify5, 'inject'),
  fastifyHarness('Fastify 5', fastify5, 'socket'),
];
