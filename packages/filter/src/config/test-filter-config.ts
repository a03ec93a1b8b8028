import { EVENT_NAMES, eventPayloadSchemas, isEventName } from '@social-webhooks/core';
import { isPlainObject } from '../language/json-value.js';
import { problem, relocate, show } from '../language/problem.js';
import { answer, prepareFilter } from '../engine/evaluate-filter.js';
import { checkFilter, type ValidateFilterOptions } from '../validate/validate-filter.js';
import type { ConfigProblem, ConfigWarning, FilterConfig, FilterTestResult } from './filter-config.js';

/**
 * Tests a filter config the way the service's `POST /api/v1/filters/test` does (docs/contract.md §Filters),
 * without a network call: `payload` is required if and only if `filter` is present, and the payload
 * must satisfy the filter, as the gateway's engine decides. Also reports what the service would
 * refuse or never match: every problem of `validateFilter`, and a payload that does not fit the
 * event's schema; and, as `warnings`, what `checkFilter` warns about.
 *
 * `null` counts as absent for `filter` and `payload`.
 *
 * @param config `{ event_type, filter?, payload? }`, the service's field names.
 * @param options `allowUnknownFields` (default `false`), as for `validateFilter`.
 * @returns `{ ok: true }`, or `{ ok: false, reasons, problems }`: one sentence per problem, each
 *   starting with its path (`filter.followerCount.$gte: ...`, `payload: ...`).
 * @example
 * testFilterConfig({ event_type: 'follow.created', filter: { followerProfileId: '3761' } });
 * // { ok: false, reasons: ['payload: a filter needs a sample payload that satisfies it (...)'], ... }
 */
export function testFilterConfig(config: FilterConfig, options: ValidateFilterOptions = {}): FilterTestResult {
  const warnings: ConfigWarning[] = [];
  const problems = collectProblems(config, options, warnings);
  const extra = warnings.length === 0 ? {} : { warnings };
  return problems.length === 0 ? { ok: true, ...extra } : { ok: false, reasons: problems.map((item) => item.message), problems, ...extra };
}

function collectProblems(config: FilterConfig, options: ValidateFilterOptions, warnings: ConfigWarning[]): ConfigProblem[] {
  if (!isPlainObject(config)) return [problem('invalid_config', [], `a filter config is an object { event_type, filter?, payload? }, got ${show(config)}`)];
  const eventName: unknown = config.event_type;
  if (!isEventName(eventName)) {
    return [problem('invalid_config', ['event_type'], `expects one of ${EVENT_NAMES.join(', ')}, got ${show(eventName)}`)];
  }
  const filter = config.filter ?? undefined;
  const payload = config.payload ?? undefined;
  if (filter === undefined) {
    return payload === undefined
      ? []
      : [problem('unexpected_payload', ['payload'], 'a payload is only sent with a filter', 'remove the payload, or add the filter it satisfies')];
  }
  const checked = checkFilter(filter, eventName, options);
  warnings.push(...checked.warnings.map((item) => relocate(item, ['filter'])));
  const found: ConfigProblem[] = checked.problems.map((item) => relocate(item, ['filter']));
  if (payload === undefined) {
    found.push(problem('payload_required', ['payload'], 'a filter needs a sample payload that satisfies it', 'add "payload": a sample event of the type'));
    return found;
  }
  if (!isPlainObject(payload)) {
    found.push(problem('invalid_payload', ['payload'], `expects a JSON object, got ${show(payload)}`));
    return found;
  }
  const parsed = eventPayloadSchemas[eventName].safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((step) => (typeof step === 'number' ? step : String(step)));
      found.push(problem('invalid_payload', ['payload', ...path], `${issue.message} (not a valid ${eventName} payload)`));
    }
  }
  if (found.length > 0) return found;
  // Match the payload as sent, not as the schema would transform it (an integer id stays one).
  const whole = answer(prepareFilter(filter), payload, options);
  if (whole.error !== undefined) {
    found.push(problem('payload_mismatch', ['filter'], `the service's engine answers an error for this payload: ${whole.error.message}`));
  } else if (!whole.matches) {
    for (const [key, value] of Object.entries(filter)) {
      // A clause on a field the payload lacks is skipped by the engine; it fails nothing alone.
      if (!answer(prepareFilter({ [key]: value }), payload, options).matches) {
        found.push(problem('payload_mismatch', ['filter', key], `the payload does not satisfy ${show({ [key]: value })}`));
      }
    }
    if (found.length === 0) found.push(problem('payload_mismatch', ['filter'], 'the payload does not satisfy the filter'));
  }
  return found;
}
