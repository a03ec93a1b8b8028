import { expect } from 'vitest';
import type { BaseRow, Calls, Expectation, ParserKind } from './row.js';
import type { TestResponse } from './test-request.js';

/** Which send of a row is checked: the first, or the same request `again`. */
export type Send = 'first' | 'again';

/** Where the answer came from: the body parser mounted first, and the body key that names the event. */
export interface AnswerSetting {
  readonly parsesFirst?: ParserKind | undefined;
  /** The top-level body key the sender reads the event name from (logged on purpose). Default `eventName`. */
  readonly eventKey?: string;
}

/**
 * Checks one answer against its row: status, hooks called, body shape, and that nothing secret left
 * in the answer, the logs or the `onResult` reports. Shared by every adapter and every runtime.
 */
export function checkAnswer(row: BaseRow, send: Send, response: TestResponse, calls: Calls, setting: AnswerSetting = {}): void {
  const { parsesFirst, eventKey = 'eventName' } = setting;
  // A parser that decides decides every send of the row (a receiver that never sees the bytes
  // never reaches the handler, so a repeat is answered as the first was).
  const parsedFirst = parsesFirst !== undefined ? row.whenParsedFirst?.[parsesFirst] : undefined;
  const want: Expectation = parsedFirst ?? (send === 'again' ? row.again! : row.expect);

  expect(response.status).toBe(want.status);
  expect(calls.handled.map((call) => call.eventName)).toEqual(want.handled ?? []);
  expect(calls.unknown.map((call) => call.eventName)).toEqual(want.unknown ?? []);
  expect(calls.errors).toHaveLength(want.errors ?? 0);
  if (want.data !== undefined) expect(calls.handled[0]?.data).toEqual(want.data);
  if (want.createdAt !== undefined) expect(calls.handled[0]?.createdAt).toBe(want.createdAt);
  expect(calls.handled.every((call) => call.hasContext)).toBe(true);
  expectNothingSecretLogged(row, calls, eventKey);

  // A parser's own answer (no code expected) is compared by its status alone.
  const upstreamAnswered = parsesFirst !== undefined && row.upstreamMayAnswer?.includes(parsesFirst);
  if (upstreamAnswered || (parsedFirst !== undefined && parsedFirst.status !== 200 && parsedFirst.code === undefined)) return;
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
function expectNothingSecretLogged(row: BaseRow, calls: Calls, eventKey: string): void {
  const seen = JSON.stringify([calls.logs, calls.results], (key, value: unknown) => (key === 'durationMs' ? undefined : value));
  for (const value of sensitiveValues(row, eventKey)) expect(seen, `a log or report holds "${value.slice(0, 40)}"`).not.toContain(value);
}

function sensitiveValues(row: BaseRow, eventKey: string): string[] {
  const values = Object.entries(row.request.headers)
    .filter(([name]) => name !== 'content-type')
    .map(([, value]) => value);
  const text = typeof row.request.body === 'string' ? row.request.body : '';
  let eventName = '';
  try {
    const body: unknown = JSON.parse(text);
    collectStrings(body, values, eventKey);
    eventName = String((body as Record<string, unknown> | null)?.[eventKey] ?? '');
  } catch {
    // Not JSON: the raw text is what must not leak.
    values.push(text);
  }
  // A word of the logged event name ("cast" of cast.created) says nothing the event name does not.
  return values.filter((value) => value.length >= 4 && !eventName.includes(value));
}

function collectStrings(value: unknown, into: string[], topKey: string | undefined): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, undefined);
  else if (typeof value === 'object' && value !== null) {
    // The body's event name is logged on purpose; everything else in the body is not.
    for (const [key, item] of Object.entries(value)) if (key !== topKey) collectStrings(item, into, undefined);
  }
}
