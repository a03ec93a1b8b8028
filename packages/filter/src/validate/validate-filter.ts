import { EVENT_NAMES, isEventName, type EventName } from '@social-webhooks/core';
import { parseFilter } from '../language/parse-filter.js';
import { problem } from '../language/problem.js';
import type { FilterProblem } from '../types.js';
import { checkFields } from './check-fields.js';
import { payloadShape } from './field-shape.js';

/** Options of {@link validateFilter}. */
export interface ValidateFilterOptions {
  /**
   * Accept fields that the event's payload schema does not list (the service may add fields before
   * this package knows them). Default `false`: an unknown field is reported, since a misspelt field
   * never matches.
   */
  readonly allowUnknownFields?: boolean;
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
 * an operand of the wrong type; nesting deeper than 3 levels; an invalid or unsafe `$regex`; a field
 * that the event's payload does not have; a value of a type the field can never hold.
 *
 * @param filter The filter, as parsed JSON.
 * @param eventName The webhook's `event_type`; its payload schema (`@social-webhooks/core`) gives
 *   the fields. An undocumented name is reported as `unknown_event` and the fields go unchecked.
 * @param options `allowUnknownFields` (default `false`).
 * @example
 * validateFilter({ followerCount: { $gte: '100' } }, 'profile.created');
 * // [{ code: 'invalid_operand', path: ['followerCount', '$gte'], hint: 'write 100 without quotes', ... }]
 */
export function validateFilter(filter: unknown, eventName: EventName, options: ValidateFilterOptions = {}): FilterProblem[] {
  const { node, problems } = parseFilter(filter);
  const found = [...problems];
  if (!isEventName(eventName)) {
    found.push(problem('unknown_event', [], `"${String(eventName)}" is not an event type; use one of ${EVENT_NAMES.join(', ')}`));
    return found;
  }
  const group = eventName.split('.')[0];
  const elsewhere = EVENT_NAMES.filter((name) => name.split('.')[0] !== group && name.endsWith('.created')).map((name) => ({
    label: name.split('.')[0]!,
    shape: payloadShape(name),
  }));
  checkFields(node, payloadShape(eventName), { allowUnknownFields: options.allowUnknownFields ?? false, elsewhere }, found);
  return found;
}
