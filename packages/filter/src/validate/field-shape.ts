import { eventPayloadSchemas, type EventName } from '@social-webhooks/core';
import { toJSONSchema } from 'zod';
import type { JsonKind } from '../language/json-value.js';

/**
 * What a payload field may hold, read from the event's zod schema in `@social-webhooks/core`: its
 * JSON kinds, the known fields when it is an object, the element shape when it is an array. `any`
 * when the schema says nothing (`profileMetadata` is a free-form record).
 */
export interface FieldShape {
  readonly any: boolean;
  readonly kinds: ReadonlySet<JsonKind>;
  readonly properties: ReadonlyMap<string, FieldShape> | undefined;
  readonly items: FieldShape | undefined;
}

/** The subset of JSON Schema that zod's `toJSONSchema` writes for the payload schemas. */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
}

export const ANY_SHAPE: FieldShape = { any: true, kinds: new Set(), properties: undefined, items: undefined };

const cache = new Map<EventName, FieldShape>();

/** The shape of an event's payload, computed once per event name. */
export function payloadShape(eventName: EventName): FieldShape {
  let shape = cache.get(eventName);
  if (shape === undefined) {
    // `io: 'input'` describes what the service sends (identity fields may be integers, docs/contract.md §Events),
    // not what the schema's transforms turn them into.
    const schema = toJSONSchema(eventPayloadSchemas[eventName], { io: 'input', unrepresentable: 'any' });
    shape = fromSchema(schema as SchemaNode);
    cache.set(eventName, shape);
  }
  return shape;
}

function fromSchema(node: SchemaNode): FieldShape {
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives !== undefined) return alternatives.map(fromSchema).reduce(merge);
  const types = node.type === undefined ? [] : typeof node.type === 'string' ? [node.type] : node.type;
  if (types.length === 0) return ANY_SHAPE;
  const kinds = new Set(types as readonly JsonKind[]);
  const properties =
    kinds.has('object') && node.properties !== undefined
      ? new Map(Object.entries(node.properties).map(([name, child]) => [name, fromSchema(child)]))
      : undefined;
  // An object with no listed fields (a record) takes any field.
  if (kinds.has('object') && properties === undefined) return ANY_SHAPE;
  const items = kinds.has('array') ? (node.items === undefined ? ANY_SHAPE : fromSchema(node.items)) : undefined;
  return { any: false, kinds, properties, items };
}

function merge(a: FieldShape, b: FieldShape): FieldShape {
  if (a.any || b.any) return ANY_SHAPE;
  const properties = a.properties === undefined ? b.properties : b.properties === undefined ? a.properties : new Map([...a.properties, ...b.properties]);
  const items = a.items === undefined ? b.items : b.items === undefined ? a.items : merge(a.items, b.items);
  return { any: false, kinds: new Set([...a.kinds, ...b.kinds]), properties, items };
}

/** Whether a value of kind `kind` can be found at a field of this shape (itself, or in its array). */
export function accepts(shape: FieldShape, kind: JsonKind): boolean {
  if (shape.any || shape.kinds.has(kind)) return true;
  if (kind === 'integer' && shape.kinds.has('number')) return true;
  return shape.items !== undefined && kind !== 'array' && accepts(shape.items, kind);
}

/** "an integer or null", "an array of strings": what a field holds, for messages. */
export function describeShape(shape: FieldShape): string {
  if (shape.any) return 'any value';
  const names = [...shape.kinds].map((kind) => {
    if (kind === 'array') return shape.items === undefined || shape.items.any ? 'an array' : `an array of ${plural(describeShape(shape.items))}`;
    return describeKind(kind);
  });
  return names.join(' or ');
}

function plural(description: string): string {
  return description.replace(/\b(?:an?) (\w+)/g, '$1s').replace(/\bnulls\b/, 'null');
}

/** "a string", "an integer", "null". */
export function describeKind(kind: JsonKind): string {
  if (kind === 'null') return 'null';
  return kind === 'integer' || kind === 'object' || kind === 'array' ? `an ${kind}` : `a ${kind}`;
}
