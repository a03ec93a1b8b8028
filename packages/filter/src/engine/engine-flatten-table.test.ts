import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flatten } from './flatten.js';
import { EngineFault, isGoMap, toGoValue, type GoValue } from './go-value.js';

// Every table row of the engine's pkg/flatten/flat_test.go (and its large GitHub-event case),
// generated into JSON at the commit pinned in the README; the engine's answers are the expected values.
interface FlattenCase {
  readonly source: string;
  readonly name: string;
  readonly given: unknown;
  readonly prefix: string;
  readonly want?: unknown;
  readonly error?: string;
}

const table = JSON.parse(readFileSync(new URL('../../test/engine-flatten-table.json', import.meta.url), 'utf8')) as { commit: string; cases: FlattenCase[] };

/** Back to plain JSON, as the engine's test compares (`jsonEqual` marshals both sides). */
function toJson(value: GoValue): unknown {
  if (isGoMap(value)) return Object.fromEntries([...value].map(([key, item]) => [key, toJson(item)]));
  if (Array.isArray(value)) return (value as readonly GoValue[]).map(toJson);
  return value;
}

describe(`the engine's flat_test.go (convoy ${table.commit.slice(0, 7)})`, () => {
  it('holds every row of the file', () => {
    expect(table.cases).toHaveLength(74);
  });

  it.each(table.cases.map((item, index) => [`${item.source}: ${item.name} #${index}`, item] as const))('%s', (_name, item) => {
    const run = () => toJson(flatten(toGoValue(item.given), item.prefix));
    if (item.error === undefined) {
      expect(run()).toEqual(item.want ?? {});
    } else {
      expect(run).toThrow(EngineFault);
      expect(run).toThrow(item.error);
    }
  });
});
