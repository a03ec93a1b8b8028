import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretMatcher } from './secret-matcher.js';

describe('createSecretMatcher', () => {
  const entries = [
    { value: 'first-secret', eventName: undefined },
    { value: 'second', eventName: 'follow.created' as const },
  ];
  const match = createSecretMatcher(entries);

  it.each([
    ['first-secret', entries[0]],
    ['second', entries[1]],
    ['', undefined],
    ['first-secreT', undefined],
    ['first-secret-', undefined],
    ['first', undefined],
    ['sec', undefined],
    ['secondsecond', undefined],
    ['x'.repeat(10_000), undefined],
  ])('matches %j to the right entry', (received, expected) => {
    expect(match(received)).toBe(expected);
  });

  it('finds exactly the entry equal to the received value, whatever the lengths', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.uniqueArray(value, { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 30 }), fc.nat(), (values, other, pick) => {
        const list = values.map((entry) => ({ value: entry, eventName: undefined }));
        // Half the time one of the configured values, so matches are as common as misses.
        const received = pick % 2 === 0 ? values[pick % values.length]! : other;
        const expected = received === '' ? undefined : list.find((entry) => entry.value === received);
        expect(createSecretMatcher(list)(received)).toBe(expected);
      }),
    );
  });
});

describe('createSecretMatcher with values that are not ASCII', () => {
  it('matches exactly the equal value, whatever characters the received value holds', () => {
    const secret = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(secret, fc.string({ maxLength: 14, unit: 'binary' }), fc.boolean(), (value, other, same) => {
        const entry = { value, eventName: undefined };
        // Half the time a value of the secret's length, the case where it is encoded and compared.
        const received = same
          ? value
          : other.length === value.length || other.length === 0
            ? other
            : other.slice(0, value.length).padEnd(value.length, 'é');
        expect(createSecretMatcher([entry])(received)).toBe(received === value ? entry : undefined);
      }),
    );
  });

  it.each([['é'.repeat(3)], ['\u{1F600}x'], ['\uD800ab'], ['abc\u0000']])('refuses %j against a secret of its length', (received) => {
    expect(
      createSecretMatcher([
        { value: 'abc', eventName: undefined },
        { value: 'abcd', eventName: undefined },
      ])(received),
    ).toBeUndefined();
  });
});
