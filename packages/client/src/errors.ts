import type { ConfigProblem } from '@social-webhooks/filter';

/**
 * Every way a client call can fail. Stable: a code is never renamed or given another meaning.
 * See the README's error table.
 */
export type ApiErrorCode =
  | 'invalid_options'
  | 'invalid_config'
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'rejected'
  | 'invalid_response'
  | 'timeout'
  | 'aborted'
  | 'network_error';

/** What an {@link ApiError} carries besides its code and message. */
export interface ApiErrorDetails {
  /** The HTTP status the service answered; `undefined` when no answer came (or none was asked). */
  readonly status?: number | undefined;
  /** The service's own `message`, when its body had one. */
  readonly serviceMessage?: string | undefined;
  /** The parsed JSON body of the answer (or its text when it was not JSON). */
  readonly body?: unknown;
  /** For `invalid_config` and `invalid_options`: one sentence per problem, each with its path. */
  readonly reasons?: readonly string[] | undefined;
  /** For `invalid_config`: the problems behind `reasons`, with codes and paths. */
  readonly problems?: readonly ConfigProblem[] | undefined;
  /** The request, as `METHOD /path` (never the key). */
  readonly request?: string | undefined;
  readonly cause?: unknown;
}

/**
 * The one error class of `@social-webhooks/client`. `code` is stable; `status` and
 * `serviceMessage` say what the service answered; `reasons` say what local validation refused
 * before any request was sent. The API key never appears in it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly body: unknown;
  readonly reasons: readonly string[];
  readonly problems: readonly ConfigProblem[];
  readonly request: string | undefined;

  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.body = details.body;
    this.reasons = details.reasons ?? [];
    this.problems = details.problems ?? [];
    this.request = details.request;
  }
}

/** Whether `value` is an {@link ApiError}, also across copies of the package. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'code' in value);
}

/** The code for a non-2xx status. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'http_error';
}
