import type { D1Database, DurableObjectNamespace, DurableObjectState } from '@cloudflare/workers-types/index.ts';
import {
  SocialWebhooksState,
  cloudflareStore,
  type CloudflareStorage,
  type D1Like,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
} from '@social-webhooks/cloudflare';
import { describe, expectTypeOf, it } from 'vitest';

// The bindings as @cloudflare/workers-types (and `wrangler types`) declare them fit the stores as
// they are: a Worker passes env.DB and env.STATE with no cast, and the object's ctx to its class.
describe('the Cloudflare stores take the bindings as workers-types declares them', () => {
  it('takes a D1Database as d1 and a DurableObjectNamespace as durableObject', () => {
    const d1: D1Like = {} as D1Database;
    const durableObject: DurableObjectNamespaceLike = {} as DurableObjectNamespace;
    const storage: CloudflareStorage = { d1: {} as D1Database };
    expectTypeOf([d1, durableObject, storage]).not.toBeNever();
    expectTypeOf(cloudflareStore).toBeCallableWith({ durableObject: {} as DurableObjectNamespace, prefix: 'app_' });
  });

  it("constructs SocialWebhooksState from the object's DurableObjectState", () => {
    const ctx: DurableObjectStateLike = {} as DurableObjectState;
    expectTypeOf(SocialWebhooksState).toBeConstructibleWith(ctx);
  });

  it('refuses the bindings swapped', () => {
    // @ts-expect-error: a D1 database is not a Durable Object namespace
    expectTypeOf(cloudflareStore).toBeCallableWith({ durableObject: {} as D1Database });
    // @ts-expect-error: both at once
    expectTypeOf(cloudflareStore).toBeCallableWith({ d1: {} as D1Database, durableObject: {} as DurableObjectNamespace });
  });
});
