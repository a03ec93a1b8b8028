import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, prepareFilter } from './evaluate-filter.js';
import { flatten } from './flatten.js';
import { toGoValue } from './go-value.js';
import { positionalKeys } from './positional-keys.js';

// Every assertion of the engine's own test file (pkg/compare/compare_test.go at the commit pinned in
// the README), generated into JSON: the engine's answers are the expected values, unchanged.
interface EngineCase {
  readonly source: string;
  readonly name: string;
  readonly payload?: unknown;
  readonly filter: Record<string, unknown>;
  readonly matches?: boolean;
  readonly error?: string;
}
interface EngineTable {
  readonly commit: string;
  readonly comboTestPayload: unknown;
  readonly genCombos: { readonly key: string; readonly count: number };
  readonly cases: readonly EngineCase[];
}

const table = JSON.parse(readFileSync(new URL('../../test/engine-compare-table.json', import.meta.url), 'utf8')) as EngineTable;

describe(`the engine's compare_test.go (convoy ${table.commit.slice(0, 7)})`, () => {
  it('holds every assertion of the file', () => {
    expect(table.cases).toHaveLength(44);
  });

  it.each(table.cases.map((item, index) => [`${item.source}: ${item.name} #${index}`, item] as const))('%s', (_name, item) => {
    const result = answer(prepareFilter(item.filter), item.payload ?? table.comboTestPayload);
    if (item.error === undefined) {
      expect(result.error).toBeUndefined();
      expect(result.matches).toBe(item.matches);
    } else {
      expect(result.matches).toBe(false);
      expect(result.error?.message).toBe(item.error);
      expect(result.error?.local).toBe(false);
    }
  });

  it('TestGenCombos: the key with one $ step is tried with 6 indexes on the combo payload', () => {
    const flat = flatten(toGoValue(table.comboTestPayload));
    // The engine enumerates indexes 0..5 here; of those, the payload has the ones that exist.
    const tried = positionalKeys(flat, table.genCombos.key);
    expect(tried.every((key) => /^data\.mentioned_profiles\.[0-5]\.fid$/.test(key))).toBe(true);
    expect(tried.length).toBeGreaterThan(0);
  });
});

describe('positionalKeys', () => {
  it('tries canonical indexes up to (number of $) x (the largest index in the payload keys)', () => {
    const payload = new Map<string, null>([['a.0.b', null], ['a.7.b', null], ['a.07.b', null], ['a.x.b', null], ['c.3', null]]);
    expect(positionalKeys(payload, 'a.$.b')).toEqual(['a.0.b', 'a.7.b']);
  });

  it('stays fast with many "$" characters, where the engine would enumerate every combination', () => {
    const key = `a${'$'.repeat(40)}b`;
    const payload = new Map<string, null>([[`a${'1'.repeat(18)}c`, null]]);
    const started = Date.now();
    expect(positionalKeys(payload, key)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails as the engine does on a run of digits in a payload key that overflows Go\'s int', () => {
    expect(() => positionalKeys(new Map([['id12345678901234567890', null]]), 'a.$.b')).toThrow(/strconv.Atoi: parsing "12345678901234567890": value out of range/);
  });
});
