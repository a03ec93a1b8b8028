import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from './support/check-answer.js';
import { harnesses, type Mounted } from './support/harnesses.js';
import { emptyCalls, optionsFor, resetCalls, rows, type Row } from './support/rows.js';

// Every row of docs/contract.md §Statuses against every adapter: add a row in support/rows.ts and every adapter gets it
// (and every runtime: runtimes.test.ts runs the same rows on Node, Bun, Deno and workerd).
describe.each(harnesses)('$name', (harness) => {
  const mounted: Mounted[] = [];
  afterAll(async () => {
    await Promise.all(mounted.map((m) => m.close()));
  });

  it.for(rows)('$name', async (row: Row, { skip }) => {
    // A body parser mounted first reads a stalled body itself, with no deadline of its own (README,
    // "Slow bodies and slow handlers"): the receiver never sees that request.
    if (row.notAfterAParser && harness.parsesFirst !== undefined) skip();
    if (row.request.stall === true && harness.wholeBodiesOnly === true) skip();
    const calls = emptyCalls();
    const receiver = await harness.mount(optionsFor(row, calls));
    mounted.push(receiver);
    checkAnswer(row, 'first', await receiver.send(row.request), calls, harness.parsesFirst);
    if (row.again === undefined) return;
    resetCalls(calls);
    checkAnswer(row, 'again', await receiver.send(row.request), calls, harness.parsesFirst);
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
