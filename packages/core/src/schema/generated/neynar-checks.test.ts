import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES } from '../../senders/neynar/event-names.js';
import { neynarSampleEvent } from '../../senders/neynar/samples.js';
import { neynarSchemas } from '../../senders/neynar/schemas.js';
import { Issue } from '../issue.js';
import { neynarChecks } from './neynar-checks.js';

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

/** Every path into `value`, objects' keys and arrays' indices, at any depth. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, inner]) => [[...prefix, key], ...pathsOf(inner, [...prefix, key])]);
}

/** A deep copy of `data` with the value at `path` replaced, or removed when `replacement` is `drop`. */
function changedAt(data: Json, path: Path, replacement: unknown): Json {
  const copy = structuredClone(data);
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement === 'drop' && !Array.isArray(parent)) Reflect.deleteProperty(parent, last);
  else parent[last] = replacement === 'drop' ? null : replacement;
  // Through JSON, as a delivery arrives.
  return JSON.parse(JSON.stringify(copy)) as Json;
}

/**
 * Whether an object in `value` has an own `__proto__` key (JSON.parse makes one). zod's copy turns
 * it into the copy's prototype; the checks hand the parsed object on as it is, the key a plain field.
 */
function hasOwnProto(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.hasOwn(value, '__proto__') || Object.values(value).some(hasOwnProto);
}

/** The check against zod on one input: the same verdict, the same first issue ("path: message"), the same output. */
function expectAsZod(check: (data: Json) => Json | Issue, schema: z.core.$ZodObject, data: Json, label = ''): void {
  const checked = check(data);
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const described = issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
    expect(checked instanceof Issue ? checked.describe() : checked, label).toBe(described);
    return;
  }
  expect(checked, label).not.toBeInstanceOf(Issue);
  if (!hasOwnProto(data)) expect(checked, label).toEqual(parsed.data);
}

// Values of every type a field may be given, valid for some schema or none, numbers at the edges of
// what an integer or a number takes, and long strings (a bound added to a schema must show).
const anyValue = fc.oneof(
  fc.constant('drop'),
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.string({ minLength: 200, maxLength: 600 }),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, 5e-324, 1, 2, 3),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([{}]),
  fc.constant([{ fid: 'x' }]),
  fc.constant(['a', 1]),
  fc.constant([1, 2.5]),
  fc.constant({ fid: 3, hash: '0x1' }),
  fc.constant(JSON.parse('{"__proto__":{"fid":1},"fid":2}') as unknown),
  fc.constantFrom('cast', 'follow', 'unfollow', 'reaction', 'trade'),
);

describe.each(NEYNAR_EVENT_NAMES)('the generated check of Neynar %s data', (type) => {
  const schema = neynarSchemas().byEvent[type] as unknown as z.core.$ZodObject;
  const check = neynarChecks[type];
  const sample = JSON.parse(JSON.stringify(neynarSampleEvent(type).data)) as Json;
  const paths = pathsOf(sample);

  it('hands the sample on as it is, as zod parses it', () => {
    expect(check(sample)).toBe(sample);
    expect(check(sample)).toEqual(z.parse(schema, sample));
  });

  it('gives the verdict zod gives at any depth, its first issue when it refuses, its output when it takes the data', () => {
    const changes = fc.array(fc.tuple(fc.constantFrom(...paths), anyValue), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(changes, (list) => {
        // A change under a path an earlier change removed is skipped.
        let data = sample;
        for (const [path, value] of list) {
          try {
            data = changedAt(data, path, value);
          } catch {
            continue;
          }
        }
        expectAsZod(check, schema, data);
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses each field zod refuses, one at a time, at every depth, with the issue zod reports', () => {
    for (const path of paths) {
      for (const value of ['drop', null, 'x', 1.5, 2 ** 53, true, [], {}]) {
        expectAsZod(check, schema, changedAt(sample, path, value), `${path.join('.')} = ${JSON.stringify(value)}`);
      }
    }
  });
});

describe('the generated Neynar checks', () => {
  it('cover every event Neynar documents', () => {
    expect(Object.keys(neynarChecks).sort()).toEqual([...NEYNAR_EVENT_NAMES].sort());
  });

  it('share one function between the events that share a schema', () => {
    const { byEvent } = neynarSchemas();
    for (const a of NEYNAR_EVENT_NAMES) {
      for (const b of NEYNAR_EVENT_NAMES) expect(neynarChecks[a] === neynarChecks[b]).toBe(byEvent[a] === byEvent[b]);
    }
  });
});
