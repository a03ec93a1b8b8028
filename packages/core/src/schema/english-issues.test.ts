import fc from 'fast-check';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { neynarSchemas } from '../senders/neynar/schemas.js';
import { miniAppSchemas } from '../senders/miniapp/schemas.js';
import { englishIssue } from './english-issues.js';
import { followPayloadSchema, profilePayloadSchema } from './schemas.js';

const zodEnglish = en().localeError;

/** The messages of one parse, worded by `error`, which takes precedence over the configured locale. */
function messages(schema: z.ZodMiniType, input: unknown, error: z.core.$ZodErrorMap): string[] {
  const parsed = z.safeParse(schema, input, { error });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

// Every kind of check the library's schemas are built from.
const CHECKS: readonly z.ZodMiniType[] = [
  z.string(),
  z.int(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.looseObject({ fid: z.int() }),
  z.literal('cast.created'),
  z.literal(['a', 'b', 3]),
  z.number().check(z.positive()),
  z.number().check(z.nonnegative()),
  z.int().check(z.positive()),
  z.int().check(z.nonnegative()),
  z.record(z.string(), z.unknown()),
  z.union([z.string(), z.int()]),
  z.discriminatedUnion('type', [z.object({ type: z.literal('x') }), z.object({ type: z.literal('y') })]),
];

const anyInput = fc.oneof(
  fc.anything(),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 0, 1.5, 11, new Date(0), Object.create(null), [], { type: 'z' }, { fid: 'x' }),
);

describe('englishIssue', () => {
  it("words every issue of the library's kinds of check as zod's English locale does", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHECKS), anyInput, (schema, input) => {
        expect(messages(schema, input, englishIssue)).toEqual(messages(schema, input, zodEnglish));
      }),
      { numRuns: 3000 },
    );
  });

  it("words the payload schemas' refusals as zod's English locale does, field by field", () => {
    const neynar = neynarSchemas().byEvent;
    const miniApp = miniAppSchemas().dataSchemas;
    const schemas = [followPayloadSchema, profilePayloadSchema, ...Object.values(neynar), ...Object.values(miniApp)];
    const wrong = fc.dictionary(
      fc.constantFrom('fid', 'hash', 'author', 'user', 'object', 'notificationDetails', 'followerProfileId', 'text', 'url'),
      fc.oneof(fc.anything(), fc.constant({ fid: 'one' }), fc.constant([1]), fc.constant({ url: 1, token: null })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...schemas), wrong, (schema, input) => {
        expect(messages(schema as z.ZodMiniType, input, englishIssue)).toEqual(messages(schema as z.ZodMiniType, input, zodEnglish));
      }),
      { numRuns: 2000 },
    );
  });

  it('names the type received, never the value', () => {
    const [message] = messages(z.int(), 'a-secret-looking-value', englishIssue);
    expect(message).toBe('Invalid input: expected number, received string');
  });
});
