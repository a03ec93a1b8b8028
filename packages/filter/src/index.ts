export {
  matchesFilter,
  compileFilter,
  evaluateFilter,
  type FilterEvaluation,
  type FilterMatcher,
  type MatchOptions,
} from './match/compile-filter.js';
export {
  checkFilter,
  validateFilter,
  validateFilterSyntax,
  type FilterCheck,
  type ValidateFilterOptions,
} from './validate/validate-filter.js';
export { testFilterConfig } from './config/test-filter-config.js';
export type { ConfigProblem, ConfigProblemCode, ConfigWarning, FilterConfig, FilterTestResult } from './config/filter-config.js';
export { FilterError, isFilterError, type FilterErrorCode } from './errors.js';
export { formatPath } from './language/format-path.js';
export {
  MAX_FIELD_DEPTH,
  MAX_LOGICAL_DEPTH,
  MAX_POSITIONAL_STEPS,
  MAX_REGEX_INPUT_LENGTH,
  MAX_REGEX_LENGTH,
  MAX_VALUE_DEPTH,
} from './language/limits.js';
export {
  COMPARISON_OPERATORS,
  LOGICAL_OPERATORS,
  OPERATORS,
  type ComparisonOperator,
  type LogicalOperator,
  type Operator,
} from './language/operators.js';
export type { Filter, FilterProblem, FilterProblemCode, FilterWarning, FilterWarningCode, JsonValue, ProblemPath } from './types.js';

// Neynar's webhook subscriptions (docs.neynar.com "publish-webhook"): check and evaluate them as
// Neynar does, with the same Go RE2 translation for `text` and `embeds`.
export { checkNeynarSubscription } from './neynar/check-neynar-subscription.js';
export {
  compileNeynarSubscription,
  matchesNeynarSubscription,
  type NeynarSubscriptionMatcher,
} from './neynar/compile-neynar-subscription.js';
export { NEYNAR_SUBSCRIPTION_FIELDS, type NeynarFilterField, type NeynarFilterKind } from './neynar/neynar-fields.js';
export type { NeynarEventFilters, NeynarSubscription } from './neynar/neynar-subscription-types.js';
