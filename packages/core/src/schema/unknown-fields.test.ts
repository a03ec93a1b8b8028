import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildDeliveryRequest, sampleEvent } from '../testing/index.js';
import { webhookHandler } from '../web/webhook-handler.js';
import { withUnknownFields } from './unknown-fields.js';

describe('withUnknownFields', () => {
  it('reads a field the payload types do not name, kept on the object at run time', async () => {
    const seen: unknown[] = [];
    const handle = webhookHandler({
      secret: 'unknown-fields-secret',
      logger: false,
      on: {
        'follow.created': (event) => {
          const data = withUnknownFields(event.data);
          expectTypeOf(data.castHash).toEqualTypeOf<unknown>();
          seen.push(data.castHash, data === event.data);
        },
      },
    });
    const data = { ...sampleEvent('follow.created').data, castHash: '0xabc' };
    expect((await handle(buildDeliveryRequest({ secret: 'unknown-fields-secret', data }))).status).toBe(200);
    expect(seen).toEqual(['0xabc', true]);
  });
});
