import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { NEYNAR_EVENT_NAMES } from '../senders/neynar/event-names.js';
import { neynarSampleEvent } from '../senders/neynar/samples.js';
import { neynarSchemas } from '../senders/neynar/schemas.js';
import { createFastParse } from './fast-parse.js';
import { fieldKind, INTEGER, LITERAL, NESTED, NUMBER, OBJECTS, OTHER, TEXT } from './field-kinds.js';

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

// Values of every type a field may be given, valid for some schema or none.
const anyValue = fc.oneof(
  fc.constant('drop'),
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e300, 1, 2, 3),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant([{}]),
  fc.constant([{ fid: 'x' }]),
  fc.constant(['a', 1]),
  fc.constant({ fid: 3, hash: '0x1' }),
  fc.constantFrom('cast', 'follow', 'unfollow', 'reaction', 'trade'),
);

describe.each(NEYNAR_EVENT_NAMES)('createFastParse for Neynar %s data', (type) => {
  const schema = neynarSchemas().byEvent[type] as unknown as z.core.$ZodObject;
  const fastParse = createFastParse(schema);
  const sample = JSON.parse(JSON.stringify(neynarSampleEvent(type).data)) as Json;
  const paths = pathsOf(sample);

  it('takes the fast path for the sample, handing it on as it is, as zod parses it', () => {
    const fast = fastParse(sample);
    expect(fast).toBe(sample);
    expect(fast).toEqual(z.parse(schema, sample));
  });

  it('answers exactly what the schema answers at any depth, or leaves the data to the schema', () => {
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
        const fast = fastParse(data);
        const parsed = z.safeParse(schema, data);
        if (fast === undefined) return;
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('createFastParse over an array of objects', () => {
  it("hands on a copy where zod's output of an element differs, and never writes to the data", () => {
    const schema = z.looseObject({ list: z.nullish(z.array(z.looseObject({ n: z.pipe(z.string(), z.transform(Number)) }))) });
    const data = Object.freeze({ list: Object.freeze([Object.freeze({ n: '1' }), Object.freeze({ n: '2', extra: true })]) });
    const fast = createFastParse(schema)(data);
    expect(fast).toEqual({ list: [{ n: 1 }, { n: 2, extra: true }] });
    expect(fast).toEqual(z.parse(schema, data));
    expect(data.list[0]).toEqual({ n: '1' });
  });

  it('leaves an array holding anything but objects to the schema', () => {
    const schema = z.looseObject({ list: z.array(z.looseObject({})) });
    expect(createFastParse(schema)({ list: [{}, null] })).toBeUndefined();
    expect(createFastParse(schema)({ list: [[]] })).toBeUndefined();
    expect(createFastParse(schema)({ list: [] })).toEqual({ list: [] });
  });
});

describe('fieldKind', () => {
  it('names the check of each schema a Neynar model is built from, nullish or required', () => {
    expect(fieldKind(z.string())).toEqual({ kind: TEXT, nullish: false });
    expect(fieldKind(z.nullish(z.int()))).toEqual({ kind: INTEGER, nullish: true });
    expect(fieldKind(z.int())).toEqual({ kind: INTEGER, nullish: false });
    expect(fieldKind(z.number())).toEqual({ kind: NUMBER, nullish: false });
    expect(fieldKind(z.literal([1, 2]))).toMatchObject({ kind: LITERAL, nullish: false, values: [1, 2] });
    expect(fieldKind(z.looseObject({ a: z.string() }))).toMatchObject({ kind: NESTED, nullish: false });
    expect(fieldKind(z.nullish(z.array(z.looseObject({}))))).toMatchObject({ kind: OBJECTS, nullish: true });
  });

  it('leaves to zod what it does not check by hand: refinements, formats, strict objects, unions, plain optionals', () => {
    for (const schema of [
      z.number().check(z.positive()),
      z.string().check(z.minLength(1)),
      z.email(),
      z.object({ a: z.string() }),
      z.union([z.string(), z.number()]),
      z.optional(z.string()),
      z.array(z.int()),
      z.nullish(z.array(z.looseObject({}).check(z.refine(() => false)))),
    ]) {
      expect(fieldKind(schema as z.core.$ZodType).kind).toBe(OTHER);
    }
  });
});
