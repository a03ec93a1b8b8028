// The models are not re-exported from the package root; Neynar's own guides import them from here.
import type {
  Webhook,
  WebhookListResponse,
  WebhookResponse,
  WebhookSubscriptionFilters,
  WebhookSubscriptionFiltersCast,
  WebhookSubscriptionFiltersFollow,
  WebhookSubscriptionFiltersReaction,
  WebhookSubscriptionFiltersTrade,
  WebhookSubscriptionFiltersUserUpdated,
} from '@neynar/nodejs-sdk/build/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { NeynarEventFilters, NeynarSubscription } from '../packages/filter/src/index.js';
import type { Emulator, NeynarWebhook } from '../packages/emulator/src/index.js';

// The emulator's answers and the filter package's subscriptions, held to the SDK's models.
// The filter package's field table (packages/filter/src/neynar/neynar-fields.ts) is written by hand
// from Neynar's docs; these lines hold it to the SDK's models, field for field and type for type, so
// a filter Neynar adds or renames fails `pnpm typecheck` until the table follows.

describe("Neynar subscriptions: the filter package's types are the SDK's", () => {
  it('has the same filters per event type, with the same value types', () => {
    expectTypeOf<Required<NeynarEventFilters<'cast.created'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersCast>>();
    expectTypeOf<Required<NeynarEventFilters<'cast.deleted'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersCast>>();
    expectTypeOf<Required<NeynarEventFilters<'user.updated'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersUserUpdated>>();
    expectTypeOf<Required<NeynarEventFilters<'follow.created'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersFollow>>();
    expectTypeOf<Required<NeynarEventFilters<'follow.deleted'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersFollow>>();
    expectTypeOf<Required<NeynarEventFilters<'reaction.created'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersReaction>>();
    expectTypeOf<Required<NeynarEventFilters<'reaction.deleted'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersReaction>>();
    expectTypeOf<Required<NeynarEventFilters<'trade.created'>>>().toEqualTypeOf<Required<WebhookSubscriptionFiltersTrade>>();
  });

  it('has the same event types, and each side takes the other', () => {
    expectTypeOf<keyof NeynarSubscription>().toEqualTypeOf<keyof WebhookSubscriptionFilters>();
    expectTypeOf<WebhookSubscriptionFilters>().toExtend<NeynarSubscription>();
    expectTypeOf<NeynarSubscription>().toExtend<WebhookSubscriptionFilters>();
  });
});

describe("the emulator's Neynar webhooks are the SDK's", () => {
  it('answers a webhook the SDK types as its Webhook, and lists them as its WebhookListResponse', () => {
    expectTypeOf<NeynarWebhook>().toExtend<Webhook>();
    expectTypeOf<{ message: string; success: boolean; webhook: NeynarWebhook }>().toExtend<WebhookResponse>();
    expectTypeOf<{ webhooks: ReturnType<Emulator['neynar']['webhooks']> }>().toExtend<WebhookListResponse>();
  });

  it('takes the subscription an SDK user already has', () => {
    expectTypeOf<WebhookSubscriptionFilters>().toExtend<NonNullable<Parameters<Emulator['neynar']['createWebhook']>[0]['subscription']>>();
  });
});
