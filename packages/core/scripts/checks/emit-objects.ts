import { changes, type SchemaNode } from './schema-nodes.js';

export type ObjectNode = SchemaNode & { readonly type: 'object' };

interface Field {
  readonly key: string;
  readonly node: SchemaNode;
}

interface ObjectSpec {
  /** The functions' name (`User`), and the schema's name or where it was first met (`user`, `cast.embeds[]`). */
  readonly base: string;
  readonly named: string;
  readonly node: ObjectNode;
  readonly fields: readonly Field[];
  /** A field's check expression, and its output expression. */
  readonly check: (field: Field) => string;
  readonly convert: (field: Field) => string;
  readonly helpers: { add(helper: 'isObject' | 'invalidType' | 'under'): unknown };
}

/**
 * `checkX` of an object schema: the fields' checks in the shape's order, chained with `??` so the
 * first issue wins, as it comes first in zod's. With `outputX` where zod's output differs: a loose
 * object copied on the first field that changes, so the caller's object is never written to; a
 * stripping one (`z.object`) rebuilt from the fields it names, each one the input has (`key in
 * input`, as zod decides), so an absent optional field stays absent.
 */
export function objectFunctions({ base, named, node, fields, check, convert, helpers }: ObjectSpec): string {
  for (const helper of ['isObject', 'invalidType', 'under'] as const) helpers.add(helper);
  const kind =
    node.unknownKeys === 'keep'
      ? 'a loose object: fields it does not name are kept'
      : 'a stripping object: fields it does not name are dropped';
  const checks = fields.map(check);
  const lines = [
    `/** \`${named}\`, ${kind}. */`,
    `function check${base}(value: unknown, key: PathKey, nullish: boolean): Issue | undefined {`,
    '  if (nullish && (value === undefined || value === null)) return undefined;',
    "  if (!isObject(value)) return invalidType(key, 'object', value);",
    checks.length === 0 ? '  return undefined;' : `  return under(key, ${checks.join(' ??\n    ')});`,
    '}',
  ];
  if (!changes(node)) return lines.join('\n');
  lines.push(
    '',
    `/** zod's output of a \`${named}\` that \`check${base}\` took. */`,
    `function output${base}(value: Record<string, unknown>): Record<string, unknown> {`,
  );
  if (node.unknownKeys === 'keep') {
    lines.push('  let output = value;');
    for (const field of fields.filter((entry) => changes(entry.node))) {
      lines.push(
        `  const ${camel(field.key)}Output = ${convert(field)};`,
        `  if (${camel(field.key)}Output !== ${access('value', field.key)}) output = { ...output, ${quote(field.key)}: ${camel(field.key)}Output };`,
      );
    }
  } else {
    lines.push('  const output: Record<string, unknown> = {};');
    for (const field of fields) {
      const assign = `output[${quote(field.key)}] = ${convert(field)};`;
      lines.push(
        field.node.type === 'nullish' || field.node.type === 'optional' ? `  if (${quote(field.key)} in value) ${assign}` : `  ${assign}`,
      );
    }
  }
  lines.push('  return output;', '}');
  return lines.join('\n');
}

/** `value.key`, or `value['key']` where the key is no identifier. */
export function access(object: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${object}.${key}` : `${object}[${quote(key)}]`;
}

export function quote(key: string): string {
  return `'${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `cast.target_user` as `CastTargetUser`, `embeds[]` as `EmbedsElement`, `_status` as `Status`. */
export function pascal(text: string): string {
  return text
    .replace(/\[\]/g, '.element')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

function camel(text: string): string {
  const name = pascal(text);
  return name[0]!.toLowerCase() + name.slice(1);
}
