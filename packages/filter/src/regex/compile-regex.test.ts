import { describe, expect, it } from 'vitest';
import { compileRegex } from './compile-regex.js';

describe('compileRegex', () => {
  it.each(['^tokenstaker', 'staker\\.eth$', '[a-z]+\\d{2,}', '(foo|bar)+', '(?:ab)*c', '(a|b)?c+', '[(+)]*', '\\(a+\\)+', '(?<name>x)', 'x{2}'])(
    'accepts %s',
    (pattern) => {
      expect(compileRegex(pattern).ok).toBe(true);
    },
  );

  it.each([
    ['(a+)+$', /unbounded quantifier/],
    ['(.*)*', /unbounded quantifier/],
    ['((ab)*c)+', /unbounded quantifier/],
    ['(x+x+){2,}y', /unbounded quantifier/],
    ['(\\w+\\s?)*$', /unbounded quantifier/],
    ['(a)\\1', /backreferences/],
    ['(?<n>a)\\k<n>', /backreferences/],
    ['a(?=b)', /lookahead/],
    ['(?<!a)b', /lookahead/],
    ['[', /does not compile/],
    ['(?U)a+', /ungreedy/],
    ['a'.repeat(257), /at most 256/],
  ])('refuses %s', (pattern, reason) => {
    const result = compileRegex(pattern);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('turns the service engine\'s leading inline flags into JavaScript flags', () => {
    const result = compileRegex('(?is)^a.b');
    expect(result.ok && result.regex.flags).toBe('is');
    expect(result.ok && result.regex.test('A\nB')).toBe(true);
  });

  it('a refused pattern cannot hang the matcher: the classic ReDoS shapes never compile', () => {
    for (const pattern of ['^(a+)+$', '^([a-z]+)*$', '(x*)*y', '^(\\d+)+!']) expect(compileRegex(pattern).ok).toBe(false);
  });
});
