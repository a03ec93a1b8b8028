import type { EventName } from '@social-webhooks/core';
import type { Filter, FilterProblemCode, ProblemPath } from '../types.js';

/**
 * A webhook's `filter_config`, with the service's own field names (docs/contract.md §Management API), so a config copied
 * from the service's docs works as is.
 */
export interface FilterConfig {
  /** The one event type the webhook listens to. */
  readonly event_type: EventName;
  /** Optional: the events to deliver. Without it, every event of the type is delivered. */
  readonly filter?: Filter | null | undefined;
  /** A sample event payload: required if and only if `filter` is present, and must satisfy it. */
  readonly payload?: Readonly<Record<string, unknown>> | null | undefined;
}

/** Every way a filter config can be wrong: the filter's codes and the config's own. */
export type ConfigProblemCode = FilterProblemCode | 'invalid_config' | 'payload_required' | 'unexpected_payload' | 'invalid_payload' | 'payload_mismatch';

/** One thing wrong with a filter config; `path` starts with `event_type`, `filter` or `payload`. */
export interface ConfigProblem {
  readonly code: ConfigProblemCode;
  readonly path: ProblemPath;
  readonly message: string;
  readonly hint?: string;
}

/** The answer of `testFilterConfig`: `ok`, or the reasons (sentences) and the problems behind them. */
export type FilterTestResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reasons: readonly string[]; readonly problems: readonly ConfigProblem[] };
