import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINI_APP_EVENT_NAMES } from '../../senders/miniapp/event-names.js';
import { miniAppSchemas } from '../../senders/miniapp/schemas.js';
import { Issue } from '../issue.js';
import { miniAppChecks } from './miniapp-checks.js';

// What the Mini App sender checks: the proven fields (a positive FID, a nonnegative app FID, the key)
// and the payload's `notificationDetails`, absent, valid, or anything else.
const edgeNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1, 1.5, 2 ** 53, 2 ** 53 - 1, -(2 ** 53 - 1), 1e300, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyValue = fc.oneof(fc.constant(null), fc.string({ maxLength: 6 }), edgeNumber, fc.boolean(), fc.constant([]), fc.constant({}));
const details = fc.oneof(
  fc.record({ url: fc.oneof(fc.webUrl(), anyValue), token: fc.oneof(fc.uuid(), anyValue) }, { requiredKeys: [] }),
  fc.record({ url: fc.webUrl(), token: fc.uuid(), extra: anyValue }),
  anyValue,
);
const data = fc
  .record(
    {
      fid: fc.oneof(fc.nat(), edgeNumber, anyValue),
      appFid: fc.oneof(fc.nat(), edgeNumber, anyValue),
      appKey: fc.oneof(fc.string({ maxLength: 66 }), anyValue),
      notificationDetails: details,
      extra: anyValue,
    },
    { requiredKeys: ['fid', 'appFid', 'appKey'] },
  )
  // Through JSON, as the payload arrives.
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

describe.each(MINI_APP_EVENT_NAMES)('the generated check of Mini App %s data', (event) => {
  const schema = miniAppSchemas().dataSchemas[event];
  const check = miniAppChecks[event];

  it('gives the verdict zod gives, its first issue when it refuses, its output when it takes the data, unknown fields dropped', () => {
    fc.assert(
      fc.property(data, (input) => {
        const checked = check(input);
        const parsed = schema.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const described = issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
          expect(checked instanceof Issue ? checked.describe() : checked).toBe(described);
          return;
        }
        expect(checked).toStrictEqual(parsed.data);
        expect(Object.keys(checked)).toEqual(Object.keys(parsed.data));
        expect(checked).not.toBe(input);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the generated Mini App checks', () => {
  it('cover every event the sender knows', () => {
    expect(Object.keys(miniAppChecks).sort()).toEqual([...MINI_APP_EVENT_NAMES].sort());
  });
});
