import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventMap, WebhookOptions } from '@social-webhooks/core';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { checkAnswer } from './support/check-answer.js';
import { harnesses, type Mounted } from './support/harnesses.js';
import { MINI_APP_CASES, miniAppOptionsFor } from './support/miniapp-rows.js';
import { emptyCalls, resetCalls, type Row } from './support/rows.js';

// The Mini App sender's rows (support/miniapp-rows.ts) against every adapter, as conformance.test.ts
// runs the founding sender's: add a row there and every adapter gets it (and every runtime:
// miniapp-runtimes.test.ts). The bodies are signed once, by one signer, before the rows run.
let signer: MiniAppSigner;
let rows: Row[];
beforeAll(async () => {
  signer = await createMiniAppSigner();
  rows = await Promise.all(MINI_APP_CASES.map((testCase) => testCase.row(signer)));
});

// A harness for other senders only (NestJS rawBody, for signatures over the bytes) is left out.
describe.each(harnesses.filter((harness) => harness.senders?.includes('miniapp') ?? true))('$name', (harness) => {
  const mounted: Mounted[] = [];
  afterAll(async () => {
    await Promise.all(mounted.map((m) => m.close()));
  });

  it.for(MINI_APP_CASES.map((testCase, index) => ({ name: testCase.name, index })))('$name', async ({ index }) => {
    const row = rows[index]!;
    const calls = emptyCalls();
    // The harnesses take any sender's options; the pipeline never asks which sender it runs.
    const options = miniAppOptionsFor(MINI_APP_CASES[index]!, calls, signer.appKey) as unknown as WebhookOptions<unknown, EventMap>;
    const receiver = await harness.mount(options);
    mounted.push(receiver);
    checkAnswer(row, 'first', await receiver.send(row.request), calls, { parsesFirst: harness.parsesFirst });
    if (row.again === undefined) return;
    resetCalls(calls);
    checkAnswer(row, 'again', await receiver.send(row.request), calls, { parsesFirst: harness.parsesFirst });
  });
});
