import { expect } from 'vitest';
import type { Calls, Expectation, Row } from './rows.js';
import type { TestResponse } from './test-request.js';

/** Which send of a row is checked: the first, or the same request `again`. */
export type Send = 'first' | 'again';

/**
 * Checks one answer against its row: status, hooks called, body shape, and that nothing secret left
 * in the answer, the logs or the `onResult` reports. Shared by every adapter and every runtime.
 */
export function checkAnswer(row: Row, send: Send, response: TestResponse, calls: Calls, parsesFirst?: 'json' | 'raw' | 'text'): void {
  const parsedFirst = send === 'first' && parsesFirst === 'json' ? row.whenParsedFirst?.json : undefined;
  const want: Expectation = send === 'again' ? row.again! : (parsedFirst ?? row.expect);

  expect(response.status).toBe(want.status);
  expect(calls.handled.map((call) => call.eventName)).toEqual(want.handled ?? []);
  expect(calls.unknown.map((call) => call.eventName)).toEqual(want.unknown ?? []);
  expect(calls.errors).toHaveLength(want.errors ?? 0);
  if (want.data !== undefined) expect(calls.handled[0]?.data).toEqual(want.data);
  expect(calls.handled.every((call) => call.hasContext)).toBe(true);
  expectNothingSecretLogged(row, calls);

  const upstreamAnswered = parsesFirst !== undefined && row.upstreamMayAnswer?.includes(parsesFirst);
  if (upstreamAnswered || (parsedFirst !== undefined && parsedFirst.status !== 200)) return;
  expect(response.contentType).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(response.text);
  if (want.status < 300) {
    expect(typeof body).toBe('string');
    if (want.body !== undefined) expect(response.text).toBe(want.body);
  } else {
    expect(body).toMatchObject({ error: want.code, message: expect.any(String) });
  }
  // Nothing secret ever leaves: no header value, no handler error text, no stack.
  expect(response.text).not.toMatch(/conformance-secret|bound-follow|bound-profile|hunter2|at .*\.ts:\d+/);
  // The logger and onResult each heard of this answer once, with its status and code.
  const answered = calls.results.filter((report) => !report.afterResponse);
  expect(answered.map((report) => report.status)).toEqual([response.status]);
  if (want.code !== undefined) expect(answered[0]!.code).toBe(want.code);
  expect(calls.logs.filter((log) => log.fields.afterResponse === false).map((log) => log.fields.status)).toEqual([response.status]);
}

/** Neither the logs nor the reports hold a header value or any string from the body. */
function expectNothingSecretLogged(row: Row, calls: Calls): void {
  const seen = JSON.stringify([calls.logs, calls.results], (key, value: unknown) => (key === 'durationMs' ? undefined : value));
  for (const value of sensitiveValues(row)) expect(seen, `a log or report holds "${value.slice(0, 40)}"`).not.toContain(value);
}

function sensitiveValues(row: Row): string[] {
  const values = Object.entries(row.request.headers)
    .filter(([name]) => name !== 'content-type')
    .map(([, value]) => value);
  const text = typeof row.request.body === 'string' ? row.request.body : '';
  try {
    const body: unknown = JSON.parse(text);
    collectStrings(body, values, true);
  } catch {
    // Not JSON: the raw text is what must not leak.
    values.push(text);
  }
  return values.filter((value) => value.length >= 4);
}

function collectStrings(value: unknown, into: string[], top: boolean): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, false);
  else if (typeof value === 'object' && value !== null) {
    // The envelope's event name is logged on purpose; everything else in the body is not.
    for (const [key, item] of Object.entries(value)) if (!(top && key === 'eventName')) collectStrings(item, into, false);
  }
}
