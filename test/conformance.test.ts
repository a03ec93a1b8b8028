import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnesses, type Mounted } from './support/harnesses.js';
import { optionsFor, rows, type Calls, type Row } from './support/rows.js';

// Every row of SPEC §2 against every adapter: add a row in support/rows.ts and every adapter gets it.
describe.each(harnesses)('$name', (harness) => {
  const mounted: Mounted[] = [];
  afterAll(async () => {
    await Promise.all(mounted.map((m) => m.close()));
  });

  it.each(rows)('$name', async (row: Row) => {
    const calls: Calls = { handled: [], unknown: [], errors: [] };
    const receiver = await harness.mount(optionsFor(row, calls));
    mounted.push(receiver);
    const response = await receiver.send(row.request);
    const parsedFirst = harness.parsesFirst === 'json' ? row.whenParsedFirst?.json : undefined;
    const want = parsedFirst ?? row.expect;

    expect(response.status).toBe(want.status);
    expect(calls.handled.map((call) => call.eventName)).toEqual(want.handled ?? []);
    expect(calls.unknown.map((call) => call.eventName)).toEqual(want.unknown ?? []);
    expect(calls.errors).toHaveLength(want.errors ?? 0);
    if (want.data !== undefined) expect(calls.handled[0]?.data).toEqual(want.data);
    expect(calls.handled.every((call) => call.hasContext)).toBe(true);

    const upstreamAnswered = harness.parsesFirst !== undefined && row.upstreamMayAnswer?.includes(harness.parsesFirst);
    if (upstreamAnswered || (parsedFirst !== undefined && parsedFirst.status !== 200)) return;
    expect(response.contentType).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(response.text);
    if (want.status === 200) {
      expect(typeof body).toBe('string');
      if (want.body !== undefined) expect(response.text).toBe(want.body);
    } else {
      expect(body).toMatchObject({ error: want.code, message: expect.any(String) });
    }
    // Nothing secret ever leaves: no header value, no handler error text, no stack.
    expect(response.text).not.toMatch(/conformance-secret|bound-follow|bound-profile|hunter2|at .*\.ts:\d+/);
  });
});

describe('prototype pollution', () => {
  beforeAll(() => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
  it('leaves Object.prototype untouched after every adapter ran the __proto__ row', () => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
