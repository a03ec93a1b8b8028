// The models are not re-exported from the package root; Neynar's own guides import them from here.
import type {
  WebhookSubscriptionFilters,
  WebhookSubscriptionFiltersCast,
  WebhookSubscriptionFiltersFollow,
  WebhookSubscriptionFiltersReaction,
  WebhookSubscriptionFiltersTrade,
  WebhookSubscriptionFiltersUserUpdated,
} from '@neynar/nodejs-sdk/build/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { NeynarEventFilters, NeynarSubscription } from '../packages/filter/src/index.js';

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
