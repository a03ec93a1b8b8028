import { describe, expect, it } from 'vitest';
import { compileRegex } from './compile-regex.js';

function test(pattern: string, text: string): boolean {
  const result = compileRegex(pattern);
  if (!result.ok) throw new Error(result.reason);
  return result.regex.test(text);
}

describe('compileRegex', () => {
  it.each(['^tokenstaker', 'staker\\.eth$', '[a-z]+\\d{2,}', '(foo|bar)+', '(?:ab)*c', '(a|b)?c+', '[(+)]*', '\\(a+\\)+', '(?<name>x)', '(?P<name>x)', 'x{2}', 'a{,2}', '\\_', '\\ ', '[]a]', '[a-]'])(
    'accepts the RE2 pattern %s',
    (pattern) => {
      expect(compileRegex(pattern).ok).toBe(true);
    },
  );

  it.each([
    ['(a+)+$', /unbounded quantifier/, false],
    ['(.*)*', /unbounded quantifier/, false],
    ['((ab)*c)+', /unbounded quantifier/, false],
    ['(x+x+){2,}y', /unbounded quantifier/, false],
    ['(\\w+\\s?)*$', /unbounded quantifier/, false],
    ['(a)\\1', /backreference/, true],
    ['(?<n>a)\\k<n>', /escape "\\k" is not RE2/, true],
    ['a(?=b)', /not RE2 syntax/, true],
    ['(?<!a)b', /not RE2 syntax/, true],
    ['[', /unclosed "\["/, true],
    ['a**', /follows another/, true],
    ['*a', /nothing to repeat/, true],
    ['a{1001}', /at most 1000/, true],
    ['\\Z', /not RE2 syntax/, true],
    ['a(?i)b', /only at the start/, false],
    ['[[:^alpha:]]', /cannot be translated/, false],
    ['[\\S]', /cannot be translated/, false],
    ['a'.repeat(257), /at most 256/, false],
  ] as const)('refuses %s', (pattern, reason, engineRejects) => {
    const result = compileRegex(pattern);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
      expect(result.engineRejects).toBe(engineRejects);
    }
  });

  it.each([
    // pattern, text, Go's answer
    ['(?P<scheme>[a-z]+)://', 'https://x', true],
    ['\\Afoo', 'foo', true],
    ['\\Afoo', 'x\nfoo', false],
    ['(?m)\\Afoo', 'x\nfoo', false],
    ['(?m)^foo', 'x\nfoo', true],
    ['(?m)^foo', 'x\rfoo', false],
    ['(?m)foo$', 'foo\rx', false],
    ['foo\\z', 'foo\n', false],
    ['foo$', 'foo\n', false],
    ['^[[:alpha:]]+$', 'abcXYZ', true],
    ['^[[:alpha:]]+$', 'é', false],
    ['^[[:digit:][:upper:]]+$', '9Z', true],
    ['a.b', 'a\rb', true],
    ['a.b', 'a\nb', false],
    ['(?s)a.b', 'a\nb', true],
    ['^\\s$', '\v', false],
    ['^\\s$', '\u00a0', false],
    ['^\\s$', '\f', true],
    ['^.$', '😀', true],
    ['(?i)^TOKEN', 'tokenstaker', true],
    ['(?U)^a+', 'aaa', true],
    ['^\\x{1F600}$', '😀', true],
    ['^\\101$', 'A', true],
    ['^\\pL+$', 'héllo', true],
    ['^\\p{Greek}+$', 'αβγ', true],
    ['^\\QA.B\\E$', 'A.B', true],
    ['^\\QA.B\\E$', 'AxB', false],
    ['^a{2}$', 'aa', true],
    ['a{,2}', 'a{,2}', true],
  ] as const)('%s on %j is %s, as in Go', (pattern, text, expected) => {
    expect(test(pattern, text)).toBe(expected);
  });

  it('a refused pattern cannot hang the matcher: the classic ReDoS shapes never compile', () => {
    for (const pattern of ['^(a+)+$', '^([a-z]+)*$', '(x*)*y', '^(\\d+)+!']) expect(compileRegex(pattern).ok).toBe(false);
  });
});
