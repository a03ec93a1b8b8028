import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ChecksEmitter } from '../../../scripts/checks/emit-checks.js';

// The generator writes the checks of the schema types it knows; any other schema must stop it, by
// name, rather than be checked less strictly than zod checks it.
describe('the checks generator', () => {
  it.each([
    ['a refinement', z.string().check(z.minLength(1))],
    ['a format', z.email()],
    ['a strict object', z.strictObject({ a: z.string() })],
    ['a coercion', z.coerce.number()],
    ['a transform other than String', z.pipe(z.string(), z.transform(Number))],
    ['a union of objects', z.union([z.looseObject({ a: z.string() }), z.looseObject({ b: z.string() })])],
    ['a tuple', z.tuple([z.string()])],
    ['an array whose elements change', z.array(z.looseObject({ id: z.pipe(z.int(), z.transform(String)) }))],
  ])('refuses a schema with %s, naming the field', (_, field) => {
    const emitter = new ChecksEmitter();
    expect(() => emitter.entry(z.looseObject({ field: field as z.ZodMiniType }), 'Example')).toThrow(/generate-checks: Example\.field/);
  });

  it('writes one function per object schema, however often the schema is met', () => {
    const shared = z.looseObject({ fid: z.int() });
    const emitter = new ChecksEmitter();
    emitter.name(shared, 'user');
    emitter.entry(z.looseObject({ author: shared, parent: z.nullish(shared), mentioned: z.nullish(z.array(shared)) }), 'Cast');
    const source = emitter.source();
    expect(source.match(/function checkUser\(/g)).toHaveLength(1);
    expect(source).toContain("checkUser(value.author, 'author', false)");
    expect(source).toContain("checkUser(value.parent, 'parent', true)");
    expect(source).not.toMatch(/\beval\b|new Function/);
  });

  it('refuses two schemas that would go by one name, rather than check one with the other', () => {
    const emitter = new ChecksEmitter();
    const cast = z.looseObject({ embeds: z.looseObject({ b: z.string() }), other: z.looseObject({ a: z.string() }) });
    emitter.name(cast.shape.other, 'castEmbeds');
    expect(() => emitter.entry(cast, 'cast')).toThrow(/would both be checked by checkCastEmbeds/);
  });
});
