import { isNeynarEventName, NEYNAR_EVENT_NAMES, type NeynarEventName } from '@social-webhooks/core';
import { problem, show } from '../language/problem.js';
import { compileRegex } from '../regex/compile-regex.js';
import type { FilterCheck } from '../validate/validate-filter.js';
import type { ProblemPath } from '../types.js';
import { NEYNAR_SUBSCRIPTION_FIELDS, type NeynarFilterField, type NeynarFilterKind } from './neynar-fields.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const EXPECTED: Readonly<Record<NeynarFilterKind, string>> = {
  fids: 'a list of FIDs (whole numbers), e.g. [194, 3]',
  hashes: 'a list of cast hashes, e.g. ["0x71d5225f77e0164388b1d4c120825f3a2c1f131c"]',
  urls: 'a list of URLs, e.g. ["https://warpcast.com/~/channel/memes"]',
  regex: 'a regular expression in Go RE2 syntax, as a string, e.g. "(?i)\\\\bgm\\\\b"',
  score: 'a Neynar score between 0 and 1, e.g. 0.5',
  usd: 'an amount in USD (a number of 0 or more), e.g. 10',
};

/**
 * Every problem of a Neynar webhook's `subscription`, each with its path (`["cast.created", "text"]`,
 * read `"cast.created".text`) and, where there is one, a hint; and the warnings: a filter that is
 * there but filters nothing. Reports a subscription that is not an object, an unknown event type
 * (`unknown_event`), a field the event type has no filter for (`unknown_field`, naming the event
 * types that have it), a value of the wrong type (`type_mismatch`: FIDs as strings, a score above 1)
 * and a pattern Go's RE2 refuses or that cannot be evaluated faithfully here (`invalid_regex`).
 * Warns (`ignored_by_engine`) of an empty list, an empty pattern and a zero minimum: Neynar reads a
 * zero value as an absent filter (an inference from its Go API; see the emulator's README).
 *
 * @param subscription The `subscription` of the create or update body, as parsed JSON.
 * @example
 * checkNeynarSubscription({ 'cast.created': { author_fids: ['194'] } }).problems[0]?.message
 * // '"cast.created".author_fids[0]: expects a list of FIDs (whole numbers), e.g. [194, 3]; got "194" (write 194 without quotes)'
 */
export function checkNeynarSubscription(subscription: unknown): FilterCheck {
  const found: FilterCheck = { problems: [], warnings: [] };
  if (!isObject(subscription)) {
    found.problems.push(
      problem(
        'not_an_object',
        [],
        `a subscription is an object of event types and their filters, got ${show(subscription)}`,
        'e.g. { "cast.created": { "author_fids": [194] } }',
      ),
    );
    return found;
  }
  for (const [type, filters] of Object.entries(subscription)) {
    if (!isNeynarEventName(type)) {
      found.problems.push(problem('unknown_event', [type], `is not one of Neynar's event types: ${NEYNAR_EVENT_NAMES.join(', ')}`));
      continue;
    }
    if (!isObject(filters)) {
      const text = `expects an object of filters, got ${show(filters)}`;
      found.problems.push(problem('not_an_object', [type], text, 'write {} for every event of the type'));
      continue;
    }
    const fields: Readonly<Record<string, NeynarFilterField>> = NEYNAR_SUBSCRIPTION_FIELDS[type];
    for (const [name, value] of Object.entries(filters)) {
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (field === undefined) found.problems.push(unknownField(type, name));
      else checkValue(field.kind, value, [type, name], found);
    }
  }
  return found;
}

function unknownField(type: NeynarEventName, name: string) {
  const elsewhere = NEYNAR_EVENT_NAMES.filter((other) => Object.hasOwn(NEYNAR_SUBSCRIPTION_FIELDS[other], name));
  const own = Object.keys(NEYNAR_SUBSCRIPTION_FIELDS[type]);
  const text = own.length === 0 ? `${type} takes no filter` : `${type} has no filter "${name}"; its filters are ${own.join(', ')}`;
  const hint = elsewhere.length > 0 ? `"${name}" is a filter of ${elsewhere.join(', ')}` : own.length === 0 ? 'write {}' : undefined;
  return problem('unknown_field', [type, name], text, hint);
}

function checkValue(kind: NeynarFilterKind, value: unknown, path: ProblemPath, found: FilterCheck): void {
  const mismatch = (at: ProblemPath, got: unknown, hint?: string) =>
    void found.problems.push(problem('type_mismatch', at, `expects ${EXPECTED[kind]}; got ${show(got)}`, hint));
  const ignored = (what: string) =>
    void found.warnings.push(
      problem('ignored_by_engine', path, `${what} is read as no filter at all, so it neither selects nor excludes anything`, 'drop it'),
    );
  if (kind === 'fids' || kind === 'hashes' || kind === 'urls') {
    if (!Array.isArray(value)) return mismatch(path, value);
    if (value.length === 0) return ignored('an empty list');
    value.forEach((item: unknown, index) => {
      if (kind === 'fids' ? isFid(item) : typeof item === 'string' && item !== '') return;
      const digits = kind === 'fids' && typeof item === 'string' && /^\d+$/.test(item);
      mismatch([...path, index], item, digits ? `write ${item} without quotes` : undefined);
    });
    return;
  }
  if (kind === 'regex') {
    if (typeof value !== 'string') return mismatch(path, value);
    if (value === '') return ignored('an empty pattern');
    const compiled = compileRegex(value, { engine: 'Neynar' });
    if (!compiled.ok) found.problems.push(problem('invalid_regex', path, compiled.reason, compiled.hint));
    return;
  }
  const numeric = typeof value === 'number' && Number.isFinite(value);
  if (!numeric || value < 0 || (kind === 'score' && value > 1)) {
    const quoted = typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
    return mismatch(path, value, quoted ? `write ${Number(value)} without quotes` : undefined);
  }
  if (value === 0) ignored('a minimum of 0');
}

function isFid(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
