import { EVENT_NAMES, isEventName, type EventName } from '@social-webhooks/core';
import { parseFilter } from '../language/parse-filter.js';
import { problem } from '../language/problem.js';
import type { FilterProblem, FilterWarning } from '../types.js';
import { checkFields } from './check-fields.js';
import { payloadShape } from './field-shape.js';

/** Options of {@link validateFilter} and {@link checkFilter}. */
export interface ValidateFilterOptions {
  /**
   * Accept fields that the event's payload schema does not list (the service may add fields before
   * this package knows them). Default `false`: an unknown field is reported, since a misspelt field
   * never matches; with `true` it is a warning.
   */
  readonly allowUnknownFields?: boolean;
  /** `'as-numbers'` (default, the current engine) or `'as-strings'` (older engine); see the README. */
  readonly numericStrings?: 'as-numbers' | 'as-strings';
}

/** What {@link checkFilter} finds: errors (the filter is refused) and warnings (it cannot work). */
export interface FilterCheck {
  readonly problems: FilterProblem[];
  readonly warnings: FilterWarning[];
}

/**
 * Every problem of a filter's syntax, with its path; `[]` when the syntax is valid. Checks what
 * {@link validateFilter} checks except the fields, so it needs no event name.
 * @example validateFilterSyntax({ userId: { $ne: '1' } })[0]?.hint // 'use "$neq"'
 */
export function validateFilterSyntax(filter: unknown): FilterProblem[] {
  return [...parseFilter(filter).problems];
}

/**
 * Every problem of a filter for one event type, each with its path and, when there is one, a hint;
 * `[]` when the filter is valid. Reports: a filter that is not an object; an unknown operator (with
 * a hint: `$ne` -> `$neq`, `$exists` -> `$exist`; `$not` and `$nor` are not part of the language);
 * an operand of the wrong type; too many `$` steps; an invalid `$regex` or one that cannot be
 * checked faithfully; a field that the event's payload does not have; a value of a type the field
 * can never hold. See {@link checkFilter} for the warnings too.
 *
 * @param filter The filter, as parsed JSON.
 * @param eventName The webhook's `event_type`; its payload schema (`@social-webhooks/core`) gives
 *   the fields. An undocumented name is reported as `unknown_event` and the fields go unchecked.
 * @param options `allowUnknownFields` (default `false`), `numericStrings` (default `'as-numbers'`).
 * @example
 * validateFilter({ followerCount: { $gte: true } }, 'profile.created');
 * // [{ code: 'invalid_operand', path: ['followerCount', '$gte'], ... }]
 */
export function validateFilter(filter: unknown, eventName: EventName, options: ValidateFilterOptions = {}): FilterProblem[] {
  return checkFilter(filter, eventName, options).problems;
}

/**
 * {@link validateFilter}'s problems, and the warnings: what the gateway's engine accepts but that can
 * never work as written for this event type, each with the reason and, when there is one, a fix.
 * A `$` step on an object field, a leading `$.`, an operator on an array field, a test of an object
 * field itself, `$exist: false` alone, a bare array, `$or` inside a field: see the README's table.
 * @example
 * checkFilter({ '$.socialCapital.$.socialCapitalRank': { $lte: 100 } }, 'profile.created').warnings[0]?.code // 'never_matches'
 */
export function checkFilter(filter: unknown, eventName: EventName, options: ValidateFilterOptions = {}): FilterCheck {
  const parsed = parseFilter(filter);
  const found: FilterCheck = { problems: [...parsed.problems], warnings: [...parsed.warnings] };
  if (!isEventName(eventName)) {
    found.problems.push(problem('unknown_event', [], `"${String(eventName)}" is not an event type; use one of ${EVENT_NAMES.join(', ')}`));
    return found;
  }
  const group = eventName.split('.')[0];
  const elsewhere = EVENT_NAMES.filter((name) => name.split('.')[0] !== group && name.endsWith('.created')).map((name) => ({
    label: name.split('.')[0]!,
    shape: payloadShape(name),
  }));
  const settings = { allowUnknownFields: options.allowUnknownFields ?? false, numericStringsAsNumbers: options.numericStrings !== 'as-strings', elsewhere };
  checkFields(parsed.node, payloadShape(eventName), settings, found);
  return found;
}
