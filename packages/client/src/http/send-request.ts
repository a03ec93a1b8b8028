import { ApiError, codeForStatus } from '../errors.js';
import type { ResolvedClientOptions } from '../options.js';
import { startDeadline } from './deadline.js';

/** One call of the management API. */
export interface ApiRequest {
  readonly method: 'POST' | 'DELETE';
  /** From the base URL, e.g. `/api/v1/webhooks`. */
  readonly path: string;
  /** Sent as JSON when present. */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
}

/** What the service answered: the status, the JSON body (`undefined` if none or not JSON), the text. */
export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  /** `METHOD /path`, for error messages. */
  readonly request: string;
}

const PREFIX = '@social-webhooks/client';

/**
 * Sends exactly the documented request (docs/contract.md §Management API): `Authorization: <key>` with no
 * scheme, `accept: application/json`, and `content-type: application/json` when there is a body.
 * The timeout covers the whole call, answer body included.
 * @throws {ApiError} `timeout`, `aborted` or `network_error` when no full answer came.
 */
export async function sendRequest(options: ResolvedClientOptions, request: ApiRequest): Promise<ApiResponse> {
  const label = `${request.method} ${request.path}`;
  const headers: Record<string, string> = { authorization: options.apiKey, accept: 'application/json' };
  const init: RequestInit = { method: request.method, headers };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  const deadline = startDeadline(options.timeoutMs, request.signal);
  init.signal = deadline.signal;
  try {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    const response = await options.fetch(`${options.baseUrl}${request.path}`, init);
    const text = await response.text();
    return { status: response.status, body: parseJson(text), text, request: label };
  } catch (error) {
    const reason = deadline.reason();
    if (reason === 'timeout') {
      throw new ApiError('timeout', `${PREFIX}: ${label} got no answer within ${options.timeoutMs} ms; the service may be slow or unreachable, try again or raise timeoutMs.`, { request: label, cause: error });
    }
    if (reason === 'aborted') throw new ApiError('aborted', `${PREFIX}: ${label} was aborted by the caller's signal.`, { request: label, cause: error });
    const detail = describeNetworkError(error);
    throw new ApiError('network_error', `${PREFIX}: ${label} failed before the service answered (${detail}); check baseUrl and the network.`, { request: label, cause: error });
  } finally {
    deadline.dispose();
  }
}

/** The service's `message`, if its JSON body has one. */
export function serviceMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' ? body.message : undefined;
}

/** The {@link ApiError} for an answer that is not 2xx. */
export function httpError(response: ApiResponse): ApiError {
  const code = codeForStatus(response.status);
  const serviceMessage = serviceMessageOf(response.body);
  const said = serviceMessage === undefined ? '' : `: ${serviceMessage}`;
  const fix =
    code === 'unauthorized'
      ? ' Check the API key (option apiKey; WEBHOOKS_API_KEY for the CLI).'
      : code === 'server_error' || code === 'rate_limited'
        ? ' Try again later.'
        : '';
  return new ApiError(code, `${PREFIX}: the service answered ${response.status} to ${response.request}${said}.${fix}`, {
    status: response.status,
    serviceMessage,
    body: response.body ?? response.text,
    request: response.request,
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's HTML error page, say): the caller keeps the text.
    return undefined;
  }
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause !== undefined && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return [error.message, cause?.message, code].filter((part) => part !== undefined && part !== '').join(': ');
}
