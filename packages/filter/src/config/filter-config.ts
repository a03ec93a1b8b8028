import type { EventName } from '@social-webhooks/core';
import type { Filter, FilterProblemCode, FilterWarningCode, ProblemPath } from '../types.js';

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

/** A warning about a filter config: the filter is accepted, but cannot work as written. */
export interface ConfigWarning {
  readonly code: FilterWarningCode;
  /** Starts with `filter`. */
  readonly path: ProblemPath;
  readonly message: string;
  readonly hint?: string;
}

/**
 * The answer of `testFilterConfig`: `ok`, or the reasons (sentences) and the problems behind them;
 * `warnings` is there (on either answer) when the filter cannot work as written on the gateway.
 */
export type FilterTestResult =
  | { readonly ok: true; readonly warnings?: readonly ConfigWarning[] }
  | { readonly ok: false; readonly reasons: readonly string[]; readonly problems: readonly ConfigProblem[]; readonly warnings?: readonly ConfigWarning[] };
