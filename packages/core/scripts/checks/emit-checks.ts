import type * as z from 'zod/mini';
import { changes, schemaNode, shapeOf, type SchemaNode } from './schema-nodes.js';
import { access, objectFunctions, pascal, quote, type ObjectNode } from './emit-objects.js';

/** The helpers a generated file may import, and the module each comes from (src/schema/). */
export const HELPERS = {
  isObject: 'field-checks',
  checkInt: 'field-checks',
  checkIntFrom: 'field-checks',
  under: 'issue',
  invalidType: 'issue',
  invalidValue: 'issue',
  invalidUnion: 'issue',
} as const;

// The primitive checks, written inline: a call per field to a shared helper cost about twice the
// whole check of a cast (1,152-1,182 against 540-625 ns of CPU on Node with strings and integers
// inlined, bench/src/in-process/validation.ts, a loaded machine). Where the value fails, the helper
// named words the issue, off the path a valid payload takes.
const PRIMITIVE_TESTS: Partial<Record<SchemaNode['type'], readonly [test: (value: string) => string, expected: string]>> = {
  string: [(value) => `typeof ${value} === 'string'`, 'string'],
  boolean: [(value) => `typeof ${value} === 'boolean'`, 'boolean'],
  number: [(value) => `Number.isFinite(${value})`, 'number'],
  int: [(value) => `Number.isSafeInteger(${value})`, 'int'],
  record: [(value) => `isObject(${value})`, 'record'],
};

/**
 * Writes one function per object schema and per array, from named roots down. `checkX(value, key,
 * nullish)` answers `undefined` where zod's parse takes the value, or the issue zod reports first:
 * fields are checked in the shape's order, as zod orders its issues. A schema whose output differs
 * from its input (a field zod converts, an object that drops unknown fields) also gets `outputX`,
 * zod's output of a value `checkX` took. Nothing is built at run time.
 */
export class ChecksEmitter {
  private readonly names = new Map<z.core.$ZodObject, string>();
  private readonly emitted = new Map<string, string>();
  /** Which schema each function name checks: two schemas under one name would share a check. */
  private readonly bases = new Map<string, z.core.$ZodObject>();
  readonly helpers = new Set<keyof typeof HELPERS>();

  /** Names `schema` wherever it is met (`userDehydrated`: `checkUserDehydrated`); others are named by where they were first met. */
  name(schema: z.core.$ZodType, name: string): void {
    this.names.set(schema as z.core.$ZodObject, name);
  }

  /** The exported entry `parse<entry>` of an object schema: zod's output of the data, or its first issue. */
  entry(schema: z.core.$ZodType, entry: string): string {
    const node = schemaNode(schema, entry);
    if (node.type !== 'object') throw new Error(`generate-checks: ${entry} is not an object schema`);
    const base = this.objectName(node, entry);
    const output = changes(node) ? `output${base}(data)` : 'data';
    return [
      `/** zod's output of the ${this.names.get(node.schema)} schema's parse of \`data\`${changes(node) ? '' : ' (the data itself)'}, or the issue it reports first. */`,
      `export function parse${entry}(data: Record<string, unknown>): Record<string, unknown> | Issue {`,
      `  return check${base}(data, undefined, false) ?? ${output};`,
      '}',
    ].join('\n');
  }

  /** The functions written, in the order they were met. */
  source(): string {
    return [...this.emitted.values()].join('\n\n');
  }

  /** The name of an object schema's functions (`User` for `checkUser`), written on first use. */
  private objectName(node: ObjectNode, where: string): string {
    if (!this.names.has(node.schema)) this.names.set(node.schema, where);
    const named = this.names.get(node.schema)!;
    const base = pascal(named);
    if (this.bases.get(base) !== node.schema && this.bases.has(base)) {
      throw new Error(`generate-checks: ${where} and another schema would both be checked by check${base}; name one (render-checks.ts)`);
    }
    this.bases.set(base, node.schema);
    if (!this.emitted.has(base)) {
      this.emitted.set(base, '');
      const fields = shapeOf(node.schema).map(([key, schema]) => ({ key, node: schemaNode(schema, `${named}.${key}`) }));
      const check = (field: (typeof fields)[number]) =>
        this.check(field.node, access('value', field.key), quote(field.key), false, `${named}.${field.key}`);
      this.emitted.set(
        base,
        objectFunctions({
          base,
          named,
          node,
          fields,
          check,
          convert: (field) => this.convert(field.node, access('value', field.key), field.key),
          helpers: this.helpers,
        }),
      );
    }
    return base;
  }

  /** An expression: `undefined` where zod takes `value` (read more than once), or its first issue. */
  private check(node: SchemaNode, value: string, key: string, nullish: boolean, where: string): string {
    const absent = nullish ? ` || ${value} === undefined || ${value} === null` : '';
    const primitive = PRIMITIVE_TESTS[node.type];
    if (primitive !== undefined) {
      const [test, expected] = primitive;
      // An integer's issue depends on the value (not a number, not whole, out of the safe range).
      const issue = expected === 'int' ? `checkInt(${value}, ${key}, false)` : `invalidType(${key}, '${expected}', ${value})`;
      this.helpers.add(expected === 'int' ? 'checkInt' : 'invalidType');
      if (expected === 'record') this.helpers.add('isObject');
      return `(${test(value)}${absent} ? undefined : ${issue})`;
    }
    switch (node.type) {
      case 'bounded-int': {
        this.helpers.add('checkIntFrom');
        const test = `Number.isSafeInteger(${value}) && (${value} as number) ${node.inclusive ? '>=' : '>'} ${node.minimum}`;
        return `(${test}${absent} ? undefined : checkIntFrom(${value}, ${key}, false, ${node.minimum}, ${node.inclusive}))`;
      }
      case 'literal':
        this.helpers.add('invalidValue');
        return `(${this.test(node, value, where)}${absent} ? undefined : invalidValue(${key}, ${JSON.stringify(node.values)}))`;
      case 'union':
        // No option matched: zod reports the union, whatever each option said.
        this.helpers.add('invalidUnion');
        return `(${node.options.map((option) => this.test(option, value, where)).join(' || ')}${absent} ? undefined : invalidUnion(${key}))`;
      case 'to-string':
        return this.check(node.inner, value, key, nullish, where);
      case 'nullish':
        return this.check(node.inner, value, key, true, where);
      case 'optional':
        return `(${value} === undefined ? undefined : ${this.check(node.inner, value, key, nullish, where)})`;
      case 'object':
        return `check${this.objectName(node, where)}(${value}, ${key}, ${nullish})`;
      case 'array':
        return `${this.arrayFunction(node.element, where)}(${value}, ${key}, ${nullish})`;
      default:
        throw new Error(`generate-checks: ${where} is ${node.type}, which has no check of its own here`);
    }
  }

  /** A boolean expression for a union's option: whether zod's option takes `value`. */
  private test(node: SchemaNode, value: string, where: string): string {
    switch (node.type) {
      case 'string':
      case 'boolean':
        return `typeof ${value} === '${node.type}'`;
      case 'number':
        return `Number.isFinite(${value})`;
      case 'int':
        return `Number.isSafeInteger(${value})`;
      case 'literal':
        return node.values.map((literal) => `${value} === ${JSON.stringify(literal)}`).join(' || ');
      case 'to-string':
        return this.test(node.inner, value, where);
      default:
        throw new Error(`generate-checks: ${where} is a union with a ${node.type} option, which the generator does not check`);
    }
  }

  /** zod's output of a `value` its check took: the value itself where nothing changes. */
  private convert(node: SchemaNode, value: string, where: string): string {
    if (!changes(node)) return value;
    switch (node.type) {
      case 'nullish':
        return `${value} === undefined || ${value} === null ? ${value} : ${this.convert(node.inner, value, where)}`;
      case 'optional':
        return `${value} === undefined ? ${value} : ${this.convert(node.inner, value, where)}`;
      case 'to-string':
        return `String(${value})`;
      case 'union':
        // zod hands on the output of the first option that takes the value.
        return node.options
          .slice(0, -1)
          .reduceRight(
            (otherwise, option) => `${this.test(option, value, where)} ? ${this.convert(option, value, where)} : ${otherwise}`,
            this.convert(node.options.at(-1)!, value, where),
          );
      case 'object':
        return `output${this.objectName(node, where)}(${value} as Record<string, unknown>)`;
      default:
        throw new Error(`generate-checks: ${where} changes its value in a way the generator does not write (${node.type})`);
    }
  }

  private arrayFunction(element: SchemaNode, where: string): string {
    if (changes(element))
      throw new Error(`generate-checks: ${where} is an array whose elements change, which the generator does not write`);
    const of = element.type === 'object' ? this.objectName(element, `${where}[]`) : pascal(element.type);
    const name = `check${of}Array`;
    if (!this.emitted.has(name)) {
      this.emitted.set(name, '');
      this.helpers.add('invalidType').add('under');
      const check = this.check(element, 'value[index]', 'index', false, `${where}[]`);
      const lines = [
        `/** An array, each element checked in turn. */`,
        `function ${name}(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {`,
        '  if (nullish && (value === undefined || value === null)) return undefined;',
        "  if (!Array.isArray(value)) return invalidType(key, 'array', value);",
        '  for (let index = 0; index < value.length; index++) {',
        `    const issue = ${check};`,
        '    if (issue !== undefined) return under(key, issue);',
        '  }',
        '  return undefined;',
        '}',
      ];
      this.emitted.set(name, lines.join('\n'));
    }
    return name;
  }
}
