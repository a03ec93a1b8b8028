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
