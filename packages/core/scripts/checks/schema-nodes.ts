import type * as z from 'zod/mini';

/**
 * A payload schema as the generator reads it: the few zod types the senders' schemas are built
 * from, each with the exact check zod makes (zod 4's `_zod.def`). Anything else is refused by name,
 * so a schema that grows a refinement, a format or a new type fails the generator loudly instead of
 * being checked less strictly than zod checks it.
 */
export type SchemaNode =
  | { readonly type: 'string' | 'number' | 'int' | 'boolean' | 'unknown' }
  /** `z.int().check(z.positive())` and the like: a safe integer above (or at) a bound. */
  | { readonly type: 'bounded-int'; readonly minimum: number; readonly inclusive: boolean }
  | { readonly type: 'literal'; readonly values: readonly (string | number | boolean | null)[] }
  | { readonly type: 'nullish' | 'optional'; readonly inner: SchemaNode }
  | { readonly type: 'object'; readonly schema: z.core.$ZodObject; readonly unknownKeys: 'keep' | 'strip' }
  | { readonly type: 'array'; readonly element: SchemaNode }
  /** `z.record(z.string(), z.unknown())`: any object. */
  | { readonly type: 'record' }
  | { readonly type: 'union'; readonly options: readonly SchemaNode[] }
  /** `z.pipe(inner, z.transform(String))`: the value checked by `inner`, handed on as a string. */
  | { readonly type: 'to-string'; readonly inner: SchemaNode };

/** The parts of zod 4's definitions read here, whatever the schema's type. */
interface Definition {
  readonly type: string;
  readonly checks?: readonly z.core.$ZodCheck[] | undefined;
  readonly format?: string;
  readonly coerce?: boolean;
  readonly innerType?: z.core.$ZodType;
  readonly catchall?: z.core.$ZodType | undefined;
  readonly element?: z.core.$ZodType;
  readonly keyType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
  readonly values?: readonly unknown[];
  readonly options?: readonly z.core.$ZodType[];
  readonly inclusive?: boolean;
  readonly in?: z.core.$ZodType;
  readonly out?: z.core.$ZodType;
  readonly transform?: unknown;
  readonly shape?: Record<string, z.core.$ZodType>;
}

interface CheckDefinition {
  readonly check: string;
  readonly value?: unknown;
  readonly inclusive?: boolean;
}

function definition(schema: z.core.$ZodType): Definition {
  return schema._zod.def as Definition;
}

/** The node of `schema`, or an error naming `where` and what the generator cannot check. */
export function schemaNode(schema: z.core.$ZodType, where: string): SchemaNode {
  const def = definition(schema);
  const refuse = (what: string): never => {
    throw new Error(`generate-checks: ${where} is ${what}, which the generator does not check; teach scripts/checks/ the check zod makes`);
  };
  if (def.coerce === true) return refuse(`a coercing ${def.type}`);
  const checks = def.checks ?? [];
  if (def.type === 'number') {
    if (def.format === undefined && checks.length === 0) return { type: 'number' };
    if (def.format !== 'safeint') return refuse(`a number of format ${def.format ?? 'none'} with checks`);
    if (checks.length === 0) return { type: 'int' };
    if (checks.length === 1) return boundedInt(checks[0]!, refuse);
    return refuse('an integer with several checks');
  }
  if (checks.length > 0) return refuse(`a ${def.type} with a refinement`);
  if (def.format !== undefined) return refuse(`a string of format ${def.format}`);
  switch (def.type) {
    case 'string':
    case 'boolean':
    case 'unknown':
      return { type: def.type };
    case 'literal':
      return { type: 'literal', values: def.values!.map((value) => literal(value, refuse)) };
    case 'optional': {
      // `z.nullish(x)` is `optional(nullable(x))`.
      const inner = definition(def.innerType!);
      if (inner.type === 'nullable' && (inner.checks ?? []).length === 0)
        return { type: 'nullish', inner: schemaNode(inner.innerType!, where) };
      return { type: 'optional', inner: schemaNode(def.innerType!, where) };
    }
    case 'object':
      if (def.catchall === undefined) return { type: 'object', schema: schema as z.core.$ZodObject, unknownKeys: 'strip' };
      if (definition(def.catchall).type === 'unknown') return { type: 'object', schema: schema as z.core.$ZodObject, unknownKeys: 'keep' };
      return refuse('an object with a catchall other than z.unknown() (strict or typed)');
    case 'array':
      return { type: 'array', element: schemaNode(def.element!, `${where}[]`) };
    case 'record':
      if (definition(def.keyType!).type === 'string' && schemaNode(def.valueType!, where).type === 'unknown') return { type: 'record' };
      return refuse('a record other than z.record(z.string(), z.unknown())');
    case 'union':
      if (def.inclusive === false) return refuse('an exclusive union');
      return { type: 'union', options: def.options!.map((option) => schemaNode(option, where)) };
    case 'pipe':
      if (definition(def.out!).type === 'transform' && definition(def.out!).transform === String) {
        return { type: 'to-string', inner: schemaNode(def.in!, where) };
      }
      return refuse('a pipe other than into z.transform(String)');
    default:
      return refuse(`a ${def.type}`);
  }
}

function boundedInt(check: z.core.$ZodCheck, refuse: (what: string) => never): SchemaNode {
  const def = check._zod.def as CheckDefinition;
  if (def.check === 'greater_than' && typeof def.value === 'number') {
    return { type: 'bounded-int', minimum: def.value, inclusive: def.inclusive === true };
  }
  return refuse(`an integer with a ${def.check} check`);
}

function literal(value: unknown, refuse: (what: string) => never): string | number | boolean | null {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return refuse(`a literal of ${typeof value}`);
}

/** The fields of an object schema, in the order zod checks them. */
export function shapeOf(schema: z.core.$ZodObject): readonly (readonly [string, z.core.$ZodType])[] {
  return Object.entries(definition(schema).shape!);
}

/** Whether a value checked by `node` may come out changed (zod hands on a converted or new value). */
export function changes(node: SchemaNode): boolean {
  switch (node.type) {
    case 'to-string':
      return true;
    case 'nullish':
    case 'optional':
      return changes(node.inner);
    case 'array':
      return changes(node.element);
    case 'union':
      return node.options.some(changes);
    case 'object':
      return node.unknownKeys === 'strip' || shapeOf(node.schema).some(([key, field]) => changes(schemaNode(field, key)));
    default:
      return false;
  }
}
