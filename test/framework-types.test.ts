import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify5';
import { describe, expectTypeOf, it } from 'vitest';
import { deliveryVerifier, type FollowPayload, type UnknownWebhookEvent, type WebhookErrorCode, type WebhookEvent } from '@social-webhooks/core';
import { webhookPlugin, type FastifyWebhookOptions } from '@social-webhooks/fastify';
import { webhookHandler as nodeHandler, type NodeWebhookListener } from '@social-webhooks/node';

// Checked by `pnpm typecheck`; running them is a no-op. Fastify's own types against each major are
// checked on the packed package by check:packages.
describe('types of the Fastify plugin, the Node listener and deliveryVerifier', () => {
  it("gives Fastify handlers { request, reply } and takes a path", () => {
    const options: FastifyWebhookOptions = {
      path: '/hooks',
      secret: 's',
      on: {
        'follow.created': (event, { request, reply }) => {
          expectTypeOf(event.data).toEqualTypeOf<FollowPayload>();
          expectTypeOf(request).toEqualTypeOf<FastifyRequest>();
          expectTypeOf(reply).toEqualTypeOf<FastifyReply>();
        },
        // @ts-expect-error 'follow.creatd' is not an event name
        'follow.creatd': () => undefined,
      },
    };
    expectTypeOf(webhookPlugin).parameter(1).toEqualTypeOf<FastifyWebhookOptions>();
    expectTypeOf(options).toBeObject();
  });

  it('gives Node handlers { req, res }, typed as the framework passes them', () => {
    const listener = nodeHandler({
      secret: 's',
      on: {
        'profile.updated': (event, { req, res }) => {
          expectTypeOf(event.data.userId).toEqualTypeOf<string>();
          expectTypeOf(req).toEqualTypeOf<IncomingMessage>();
          expectTypeOf(res).toEqualTypeOf<ServerResponse>();
        },
      },
    });
    expectTypeOf(listener).toEqualTypeOf<NodeWebhookListener>();
    expectTypeOf(listener).returns.toEqualTypeOf<Promise<void>>();
  });

  it('narrows what deliveryVerifier returns', async () => {
    const result = await deliveryVerifier({ secret: 's' })({ header: 's', body: new Uint8Array() });
    if (result.ok && result.known) expectTypeOf(result.event).toEqualTypeOf<WebhookEvent>();
    else if (result.ok) expectTypeOf(result.event).toEqualTypeOf<UnknownWebhookEvent>();
    else expectTypeOf(result.code).toEqualTypeOf<WebhookErrorCode>();
    // @ts-expect-error the verifier runs no handlers, so it takes none
    deliveryVerifier({ secret: 's', on: {} });
  });
});
