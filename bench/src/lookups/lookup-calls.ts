import { miniAppSender, verifyAppKeyWithHub, webhookHandler, type HubOptions } from '@social-webhooks/core';
import { createMiniAppSigner, type MiniAppSigner } from '@social-webhooks/core/testing';
import { formatCount } from '../support/stats.js';
import type { Table } from '../support/table.js';
import { startBenchHub, type BenchHub } from './local-hub.js';

export interface LookupBenchOptions {
  /** Forged events of the first row, spread over 10 FIDs. Default 1,000. */
  readonly forged?: number;
  /** Concurrent events of one user with a cold cache. Default 50. */
  readonly concurrent?: number;
}

interface Row {
  readonly scenario: string;
  readonly answers: Record<string, number>;
  readonly calls: number;
  readonly goal: string;
  readonly met: boolean;
}

/**
 * Mini App key lookups under attack (issue 34): hub calls counted on a hub on loopback, through the
 * core's receiver with `verifyAppKeyWithHub` and its default in-memory store. Forged events are
 * signed by strangers' fresh keys for real users' FIDs. Counts, not timings: the goal is the bound
 * on calls a stranger can make the receiver spend. (Two receivers sharing a Redis are in
 * test/miniapp-lookups.test.ts.)
 */
export async function lookupCalls(options: LookupBenchOptions = {}): Promise<{ table: Table; met: boolean }> {
  const forged = options.forged ?? 1_000;
  const concurrent = options.concurrent ?? 50;
  const hub = await startBenchHub();
  let nextFid = 1;
  const user = async () => {
    const signer = await createMiniAppSigner({ fid: nextFid++ });
    hub.add(signer.signerEvent);
    return signer;
  };
  const rows: Row[] = [];
  try {
    const users = await Promise.all(Array.from({ length: 10 }, () => user()));
    const flood = await measure(hub, { maxLookupsPerSecond: 1_000, maxConcurrentLookups: 100, recheckMs: 600_000 }, async (send) => {
      const strangers = await Promise.all(
        Array.from({ length: forged }, (_, index) => createMiniAppSigner({ fid: users[index % 10]!.fid })),
      );
      return inBatches(strangers, 100, send);
    });
    rows.push({ scenario: `${formatCount(forged)} forged events over 10 FIDs`, ...flood, goal: '≤ 10 calls', met: flood.calls <= 10 });

    const one = await user();
    const cold = await measure(hub, {}, (send) => Promise.all(Array.from({ length: concurrent }, () => send(one))));
    rows.push({ scenario: `${concurrent} concurrent events of one user, cold cache`, ...cold, goal: '1 call', met: cold.calls === 1 });

    const cached = [await user(), await user()];
    const budget = await measure(hub, { maxLookupsPerSecond: 5, maxConcurrentLookups: 5 }, async (send) => {
      await Promise.all(cached.map((signer) => send(signer)));
      const answers: string[] = [];
      for (let round = 0; round < 5; round++) {
        const strangers = await Promise.all(Array.from({ length: 100 }, () => createMiniAppSigner({ fid: 100_000 + nextFid++ })));
        const [forgedAnswers, genuine] = await Promise.all([
          Promise.all(strangers.map((signer) => send(signer))),
          Promise.all(Array.from({ length: 20 }, (_, index) => send(cached[index % 2]!))),
        ]);
        answers.push(...forgedAnswers.map((answer) => `${answer} forged`), ...genuine.map((answer) => `${answer} cached user`));
      }
      return answers;
    });
    const genuine = Object.entries(budget.answers).filter(([answer]) => answer.endsWith('cached user'));
    rows.push({
      scenario: '500 forged events on fresh FIDs past a budget of 5/s, beside 100 events of 2 cached users',
      ...budget,
      goal: 'cached users all 200',
      met: genuine.length === 1 && genuine[0]![0] === '200 cached user' && genuine[0]![1] === 100,
    });
  } finally {
    await hub.close();
  }
  return {
    table: {
      title: 'Mini App key lookups under attack: hub calls counted on a hub on loopback (verifyAppKeyWithHub, in-memory store)',
      columns: ['scenario', 'answers', 'hub calls', 'goal'],
      rows: rows.map(({ scenario, answers, calls, goal, met }) => [
        scenario,
        Object.entries(answers)
          .map(([answer, count]) => `${formatCount(count)} × ${answer}`)
          .join(', '),
        formatCount(calls),
        `${goal}${met ? '' : ' (MISSED)'}`,
      ]),
    },
    met: rows.every((row) => row.met),
  };
}

type Send = (signer: MiniAppSigner) => Promise<string>;

/** Runs `scenario` against a fresh receiver; its answers tallied, and the hub calls it cost. */
async function measure(hub: BenchHub, options: Omit<HubOptions, 'hubUrl'>, scenario: (send: Send) => Promise<string[]>) {
  const handle = webhookHandler({
    sender: miniAppSender({ verifyAppKey: verifyAppKeyWithHub({ hubUrl: hub.url, ...options }) }),
    on: { miniapp_removed: () => undefined },
    logger: false,
  });
  const send: Send = async (signer) => String((await handle(await signer.deliveryRequest({ event: 'miniapp_removed' }))).status);
  const before = hub.calls();
  const answers: Record<string, number> = {};
  for (const answer of await scenario(send)) answers[answer] = (answers[answer] ?? 0) + 1;
  return { answers, calls: hub.calls() - before };
}

async function inBatches(signers: readonly MiniAppSigner[], size: number, send: Send): Promise<string[]> {
  const answers: string[] = [];
  for (let start = 0; start < signers.length; start += size)
    answers.push(...(await Promise.all(signers.slice(start, start + size).map(send))));
  return answers;
}
