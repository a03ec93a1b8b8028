import { readClientResult, type ClientResult } from './client-answer.js';
import type { NotificationRequest } from './notification.js';

/** The `fetch` the sender calls: the global one by default, any function of its shape in tests. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * What came of one request: the client's per-token lists; a failure worth retrying with the same
 * `notificationId` (no answer in time, a network error, a 5xx or 429, a 200 without a valid result);
 * or a refusal no retry can change (another 4xx: the request itself is wrong for this client).
 */
export type BatchAnswer =
  | { readonly kind: 'answered'; readonly result: ClientResult }
  | { readonly kind: 'transient'; readonly reason: string; readonly retryAfterMs: number | undefined }
  | { readonly kind: 'refused'; readonly reason: string };

/** POSTs one batch to a client's notification URL and reads the answer; never throws. */
export async function postBatch(fetch: FetchLike, url: string, request: NotificationRequest, timeoutMs: number): Promise<BatchAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return transient(timedOut ? `no answer within ${timeoutMs} ms` : `network error: ${describe(error)}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return transient(`the answer broke off: ${describe(error)}`);
  }
  const { status } = response;
  if (status === 429 || status >= 500) return transient(`the client answered ${status}`, retryAfter(response.headers.get('retry-after')));
  if (status !== 200) return { kind: 'refused', reason: `the client answered ${status}: ${text.slice(0, 200)}` };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return transient('the client answered 200 with a body that is not JSON');
  }
  const result = readClientResult(answer);
  return typeof result === 'string' ? transient(result) : { kind: 'answered', result };
}

function transient(reason: string, retryAfterMs?: number): BatchAnswer {
  return { kind: 'transient', reason, retryAfterMs };
}

/** `Retry-After` in milliseconds, from seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
