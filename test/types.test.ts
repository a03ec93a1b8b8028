import type { Context, Env } from 'hono';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { describe, expectTypeOf, it } from 'vitest';
import { webhookHandler as coreHandler, type EventName, type FollowPayload, type ProfilePayload, type WebhookEvent } from '@social-webhooks/core';
import { webhookHandler as expressHandler } from '@social-webhooks/express';
import { webhookHandler as honoHandler } from '@social-webhooks/hono';

// These assertions are checked by `pnpm typecheck` (tsc includes test/); running them is a no-op.
describe('types', () => {
  it('names the four events', () => {
    expectTypeOf<EventName>().toEqualTypeOf<'profile.created' | 'profile.updated' | 'follow.created' | 'follow.deleted'>();
  });

  it('narrows data by event name', () => {
    expectTypeOf<WebhookEvent<'follow.created'>['data']>().toEqualTypeOf<FollowPayload>();
    expectTypeOf<WebhookEvent<'profile.updated'>['data']>().toEqualTypeOf<ProfilePayload>();
    expectTypeOf<FollowPayload['followerProfileId']>().toEqualTypeOf<string>();
    expectTypeOf<ProfilePayload['userId']>().toEqualTypeOf<string>();
    const narrow = (event: WebhookEvent) => {
      if (event.eventName === 'follow.deleted') expectTypeOf(event.data).toEqualTypeOf<FollowPayload>();
      else if (event.eventName === 'profile.created') expectTypeOf(event.data).toEqualTypeOf<ProfilePayload>();
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('types each handler\'s event and context per adapter', () => {
    coreHandler({
      secret: 's',
      on: {
        'follow.created': (event, request) => {
          expectTypeOf(event.data.followingProfileId).toEqualTypeOf<string>();
          expectTypeOf(request).toEqualTypeOf<Request>();
        },
        // @ts-expect-error a profile event has no follow fields
        'profile.updated': (event) => event.data.followerProfileId.toUpperCase(),
      },
    });
    expressHandler({
      secret: 's',
      on: {
        'profile.created': (event, { req, res }) => {
          expectTypeOf(event.data.userId).toEqualTypeOf<string>();
          expectTypeOf(req).toEqualTypeOf<ExpressRequest>();
          expectTypeOf(res).toEqualTypeOf<ExpressResponse>();
        },
      },
    });
    honoHandler({
      secret: 's',
      on: { 'follow.deleted': (_event, c) => expectTypeOf(c).toEqualTypeOf<Context<Env>>() },
    });
  });

  it('refuses a misspelled event key and a wrong secret map key', () => {
    // Compiled, never called: the runtime refuses these too (see resolve-options.test.ts).
    const compileOnly = () => [coreHandler({
      secret: 's',
      on: {
        // @ts-expect-error 'follow.creatd' is not an event name
        'follow.creatd': () => undefined,
      },
    }), coreHandler({
      // @ts-expect-error 'cast.created' is not an event name
      secret: { 'cast.created': 's' },
    })];
    expectTypeOf(compileOnly).toBeFunction();
  });
});
