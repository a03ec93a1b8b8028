import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from './create-client.js';
import type { CreatedWebhook, WebhookFilterConfig } from './types.js';

describe('client types', () => {
  it('types the sample payload by event_type', () => {
    expectTypeOf<{
      event_type: 'follow.created';
      payload: { followerProfileId: string; followingProfileId: number };
    }>().toExtend<WebhookFilterConfig>();
    // @ts-expect-error a follow payload needs followingProfileId
    const missing: WebhookFilterConfig = { event_type: 'follow.created', filter: {}, payload: { followerProfileId: '1' } };
    // @ts-expect-error not an event type
    const unknown: WebhookFilterConfig = { event_type: 'cast.created' };
    void [missing, unknown];
  });

  it('answers the created webhook with its header', () => {
    expectTypeOf<ReturnType<Client['createWebhook']>>().resolves.toEqualTypeOf<CreatedWebhook>();
    expectTypeOf<CreatedWebhook['headerValue']>().toEqualTypeOf<string>();
  });
});
