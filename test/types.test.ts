import type { Context, Env } from 'hono';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { describe, expectTypeOf, it } from 'vitest';
import {
  memoryStore,
  withUnknownFields,
  webhookHandler as coreHandler,
  type ClaimState,
  type DedupeStore,
  type DeliveryReport,
  type EventName,
  type FollowPayload,
  type ProfilePayload,
  type WebhookErrorCode,
  type WebhookEvent,
} from '@social-webhooks/core';
import { redisStore } from '@social-webhooks/redis';
import type { createClient } from 'redis';
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

  it('names the documented payload fields only: a misspelled field does not compile', () => {
    coreHandler({
      secret: 's',
      on: {
        'follow.created': (event) => {
          expectTypeOf(event.data.followerProfileId).toEqualTypeOf<string>();
          // @ts-expect-error the field is followerProfileId
          void event.data.followerProfileID;
          // @ts-expect-error the field is followingProfileId
          void event.data.folowingProfileId;
          // @ts-expect-error userId is a profile field, not a follow field
          void event.data.userId;
        },
        'profile.updated': (event) => {
          // @ts-expect-error nested objects name their fields too: socialCapitalScore
          void event.data.socialCapital?.socialCapitalScor;
          // A map with no documented fields stays a map.
          expectTypeOf(event.data.profileMetadata).toEqualTypeOf<Record<string, unknown> | null | undefined>();
        },
      },
    });
  });

  it('reaches fields the documentation does not name through withUnknownFields, typed unknown', () => {
    coreHandler({
      secret: 's',
      on: {
        'follow.created': (event) => {
          const data = withUnknownFields(event.data);
          expectTypeOf(data.castHash).toEqualTypeOf<unknown>();
          expectTypeOf(data.followerProfileId).toEqualTypeOf<string>();
        },
      },
    });
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

  it('types the production options: dedupe, respondWithin, logger, onResult', () => {
    expectTypeOf<ClaimState>().toEqualTypeOf<'claimed' | 'in_flight' | 'completed'>();
    expectTypeOf<'delivery_in_progress' | 'dedupe_unavailable'>().toExtend<WebhookErrorCode>();
    expectTypeOf(memoryStore()).toEqualTypeOf<DedupeStore>();
    // A node-redis client fits the Redis store as it is.
    expectTypeOf(redisStore).parameter(0).toHaveProperty('client');
    const withRedis = (client: ReturnType<typeof createClient>) => redisStore({ client });
    expectTypeOf(withRedis).returns.toEqualTypeOf<DedupeStore>();
    const compileOnly = () => [
      coreHandler({
        secret: 's',
        dedupe: { store: memoryStore(), onStoreError: 'process', ttlMs: 1000, key: (event) => event.eventName },
        respondWithin: 3000,
        logger: console,
        onResult: (report) => expectTypeOf(report).toEqualTypeOf<DeliveryReport>(),
      }),
      // @ts-expect-error the policy is 'reject' or 'process'
      coreHandler({ secret: 's', dedupe: { onStoreError: 'retry' } }),
      // @ts-expect-error a logger level takes a message and fields
      coreHandler({ secret: 's', logger: { info: (message: number) => message } }),
    ];
    expectTypeOf(compileOnly).toBeFunction();
  });
});
