import { isNeynarEventName } from '@social-webhooks/core';
import { FilterError } from '../errors.js';
import { compileRegex } from '../regex/compile-regex.js';
import { checkNeynarSubscription } from './check-neynar-subscription.js';
import { NEYNAR_SUBSCRIPTION_FIELDS, type NeynarFilterField } from './neynar-fields.js';
import type { NeynarSubscription } from './neynar-subscription-types.js';

/** A compiled subscription: whether Neynar delivers an event of `type` with this `data`. */
export type NeynarSubscriptionMatcher = (type: string, data: unknown) => boolean;

type Test = (data: unknown) => boolean;

interface CompiledType {
  readonly exclude: readonly Test[];
  readonly rest: readonly Test[];
}

/**
 * Checks a subscription once ({@link checkNeynarSubscription}) and returns a function that tells
 * whether Neynar delivers an event to the webhook, as its docs describe the evaluation: only the
 * event types the subscription names; `exclude_author_fids` ANDed against the other filters, which
 * are ORed (an event passes when any one of them does); no filter (`{}`) passes every event of the
 * type. Lists match when one of the event's values is in them (hashes compared without regard to
 * case), `text` and `embeds` are Go RE2 patterns searched unanchored (the cast's text, each embed's
 * `url`), minimums hold when the value is at least the minimum. A filter on a field the event lacks
 * does not pass; an empty list, an empty pattern or a zero minimum is no filter (see the README).
 *
 * @returns A named function `matchesCompiledSubscription(type, data)`; it never throws.
 * @throws {FilterError} `invalid_filter` when the subscription has a problem; `problems` lists them.
 * @example
 * const matches = compileNeynarSubscription({ 'cast.created': { author_fids: [194], text: '(?i)\\bgm\\b' } });
 * matches('cast.created', { hash: '0x1', author: { fid: 3 }, text: 'GM frens' }); // true: the text matches
 */
export function compileNeynarSubscription(subscription: NeynarSubscription): NeynarSubscriptionMatcher {
  const { problems } = checkNeynarSubscription(subscription);
  if (problems.length > 0) {
    const list = problems.map((item) => `  - ${item.message}`).join('\n');
    throw new FilterError(
      'invalid_filter',
      `@social-webhooks/filter: the Neynar subscription is not valid; fix these and try again:\n${list}`,
      {
        problems,
      },
    );
  }
  const byType = new Map<string, CompiledType>();
  for (const [type, filters] of Object.entries(subscription)) {
    if (!isNeynarEventName(type)) continue;
    const fields: Readonly<Record<string, NeynarFilterField>> = NEYNAR_SUBSCRIPTION_FIELDS[type];
    const exclude: Test[] = [];
    const rest: Test[] = [];
    for (const [name, value] of Object.entries(filters as Record<string, unknown>)) {
      const field = fields[name]!;
      const test = compileTest(field, value);
      if (test !== undefined) (field.exclude === true ? exclude : rest).push(test);
    }
    byType.set(type, { exclude, rest });
  }
  return function matchesCompiledSubscription(type: string, data: unknown): boolean {
    const compiled = byType.get(type);
    if (compiled === undefined) return false;
    if (compiled.exclude.some((test) => test(data))) return false;
    return compiled.rest.length === 0 || compiled.rest.some((test) => test(data));
  };
}

/**
 * Whether Neynar delivers an event of `type` with `data` to a webhook with this subscription (see
 * {@link compileNeynarSubscription}, which checks the subscription once for many events).
 * @throws {FilterError} `invalid_filter` when the subscription has a problem.
 * @example matchesNeynarSubscription({ 'follow.created': { target_fids: [3] } }, 'follow.created', follow) // true when follow.target_user.fid is 3
 */
export function matchesNeynarSubscription(subscription: NeynarSubscription, type: string, data: unknown): boolean {
  return compileNeynarSubscription(subscription)(type, data);
}

/** One filter as a test of an event's data; `undefined` for a zero value, which filters nothing. */
function compileTest(field: NeynarFilterField, value: unknown): Test | undefined {
  const some =
    (pass: (item: unknown) => boolean): Test =>
    (data) =>
      field.read(data).some(pass);
  switch (field.kind) {
    case 'fids':
    case 'urls': {
      const wanted = new Set(value as readonly unknown[]);
      return wanted.size === 0 ? undefined : some((item) => wanted.has(item));
    }
    case 'hashes': {
      const wanted = new Set((value as readonly string[]).map((hash) => hash.toLowerCase()));
      return wanted.size === 0 ? undefined : some((item) => typeof item === 'string' && wanted.has(item.toLowerCase()));
    }
    case 'regex': {
      if (value === '') return undefined;
      const compiled = compileRegex(value as string, { engine: 'Neynar' });
      // Checked above: a refused pattern never gets here.
      if (!compiled.ok) return undefined;
      const { regex } = compiled;
      return some((item) => typeof item === 'string' && regex.test(item));
    }
    case 'score':
    case 'usd': {
      const minimum = value as number;
      return minimum === 0 ? undefined : some((item) => typeof item === 'number' && item >= minimum);
    }
  }
}
