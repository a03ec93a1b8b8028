/** The comparison operators of the language (docs/contract.md §Filters), used inside a field's object. */
export const COMPARISON_OPERATORS = ['$eq', '$neq', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$regex', '$exist'] as const;

/** The logical operators: each takes a non-empty array of filters. */
export const LOGICAL_OPERATORS = ['$and', '$or'] as const;

/** Every operator of the language. */
export const OPERATORS = [...COMPARISON_OPERATORS, ...LOGICAL_OPERATORS] as const;

export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];
export type Operator = (typeof OPERATORS)[number];

// Spellings from MongoDB and other filter languages that people reach for, and what to write here.
// `$not` and `$nor` are refused: the service's language has no general negation (docs/contract.md §Filters).
const HINTS: Readonly<Record<string, string>> = {
  $ne: 'use "$neq"',
  $exists: 'use "$exist", spelled without the s',
  $not: 'the language has no "$not": use "$neq" or "$nin", or reverse the comparison ("$lt" for not "$gte")',
  $nor: 'the language has no "$nor": use "$and" of "$neq" / "$nin" conditions',
  $all: 'use "$and" of bare values: { "$and": [{ "field": "a" }, { "field": "b" }] }',
  $elemMatch: 'use a positional path: { "field.$.sub": ... }',
  $contains: 'a bare value matches an array that contains it: { "field": "value" }',
  $equals: 'use "$eq", or a bare value',
  $ge: 'use "$gte"',
  $le: 'use "$lte"',
  $size: 'the language cannot compare an array\'s length',
  $type: 'the language cannot test a value\'s type',
  $match: 'use "$regex"',
  $like: 'use "$regex"',
};

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/** Whether `key` is an operator of the language. */
export function isOperator(key: string): key is Operator {
  return OPERATOR_SET.has(key);
}

/** Whether `key` is written like an operator (`$name`), as opposed to a field or a `$.` path. */
export function looksLikeOperator(key: string): boolean {
  return key.length > 1 && key.startsWith('$') && !key.startsWith('$.');
}

/** What to write instead of an unknown operator, if a guess is good enough. */
export function operatorHint(key: string): string | undefined {
  const known = HINTS[key];
  if (known !== undefined) return known;
  const lower = key.toLowerCase();
  if (isOperator(lower)) return `operators are lower case: use "${lower}"`;
  const close = OPERATORS.find((operator) => editDistance(operator, lower) <= 1);
  return close === undefined ? undefined : `did you mean "${close}"?`;
}

/** Levenshtein distance, for "did you mean" hints on short names. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}
