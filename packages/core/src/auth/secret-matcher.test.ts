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
});
