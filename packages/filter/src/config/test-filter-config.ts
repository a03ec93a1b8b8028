import { EVENT_NAMES, eventPayloadSchemas, isEventName } from '@social-webhooks/core';
import type { FilterNode } from '../language/ast.js';
import { isPlainObject } from '../language/json-value.js';
import { parseFilter } from '../language/parse-filter.js';
import { problem, relocate, show } from '../language/problem.js';
import { evaluateClause } from '../match/evaluate.js';
import { validateFilter, type ValidateFilterOptions } from '../validate/validate-filter.js';
import type { ConfigProblem, FilterConfig, FilterTestResult } from './filter-config.js';

/**
 * Tests a filter config the way the service's `POST /api/v1/filters/test` does (docs/contract.md §Filters),
 * without a network call: `payload` is required if and only if `filter` is present, and the payload
 * must satisfy the filter. Also reports what the service would refuse or never match: every problem
 * of `validateFilter`, and a payload that does not fit the event's schema.
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
  const problems = collectProblems(config, options);
  return problems.length === 0 ? { ok: true } : { ok: false, reasons: problems.map((item) => item.message), problems };
}

function collectProblems(config: FilterConfig, options: ValidateFilterOptions): ConfigProblem[] {
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
  const found: ConfigProblem[] = validateFilter(filter, eventName, options).map((item) => relocate(item, ['filter']));
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
  for (const clause of failingClauses(parseFilter(filter).node, payload)) {
    const key = String(clause.at[clause.at.length - 1]);
    found.push(problem('payload_mismatch', ['filter', ...clause.at], `the payload does not satisfy ${show({ [key]: filter[key] })}`));
  }
  return found;
}

function failingClauses(node: FilterNode, payload: unknown) {
  return node.clauses.filter((clause) => !evaluateClause(clause, payload));
}
