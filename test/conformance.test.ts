import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from './support/check-answer.js';
import { harnesses, type Mounted } from './support/harnesses.js';
import { emptyCalls, resetCalls } from './support/row.js';
import { senderSuites, type SenderRow } from './support/senders.js';

// Every row of docs/contract.md §Statuses and §Senders against every adapter, per sender: add a row
// in support/rows.ts (the founding sender) or support/neynar-rows.ts and every adapter gets it (and
// every runtime: runtimes.test.ts runs the same rows on Node, Bun, Deno and workerd).
describe.each(senderSuites)('$sender', ({ sender, eventKey, rows }) => {
  describe.each(harnesses.filter((harness) => harness.senders?.includes(sender) ?? true))('$name', (harness) => {
    const mounted: Mounted[] = [];
    afterAll(async () => {
      await Promise.all(mounted.map((m) => m.close()));
    });

    it.for(rows)('$name', async (row: SenderRow, { skip }) => {
      // A body parser mounted first reads a stalled body itself, with no deadline of its own (README,
      // "Slow bodies and slow handlers"): the receiver never sees that request.
      if (row.notAfterAParser && harness.parsesFirst !== undefined) skip();
      if (row.request.stall === true && harness.wholeBodiesOnly === true) skip();
      const calls = emptyCalls();
      const receiver = await harness.mount(row.options(calls));
      mounted.push(receiver);
      const request = await row.send();
      const sent = { ...row, request };
      const setting = { parsesFirst: harness.parsesFirst, eventKey };
      checkAnswer(sent, 'first', await receiver.send(request), calls, setting);
      if (row.again === undefined) return;
      resetCalls(calls);
      checkAnswer(sent, 'again', await receiver.send(request), calls, setting);
    });
  });
});

describe('prototype pollution', () => {
  beforeAll(() => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
  it("leaves Object.prototype untouched after every adapter ran every sender's __proto__ row", () => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
