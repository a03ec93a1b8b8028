import { bundleSizes } from './bundle/bundle-sizes.js';
import { adaptersVsNaive, chosenPairs, pairSeconds } from './http/adapters-vs-naive.js';
import { planCpus } from './http/cpu-plan.js';
import { MINIAPP_PAIRS } from './http/miniapp-pairs.js';
import { NEYNAR_PAIRS } from './http/neynar-pairs.js';
import { CONTRACT_PAIRS, PAIRS, type Framework, type RuntimeName } from './http/pairs.js';
import { wrkCeiling } from './http/wrk-ceiling.js';
import { assertWrkInstalled } from './wrk/run-wrk.js';
import { costVsSize } from './in-process/cost-vs-size.js';
import { headerTiming } from './in-process/header-timing.js';
import { FOUNDING_SIZES, NEYNAR_SIZES } from './in-process/size-subjects.js';
import { receiveVsBaseline } from './in-process/receive-vs-baseline.js';
import { lookupCalls } from './lookups/lookup-calls.js';
import { enqueueVsHandler } from './queue/enqueue-vs-handler.js';
import { notifyBroadcast } from './notify/notify-broadcast.js';
import { paceRows, type PaceBenchOptions } from './notify/pace-rows.js';
import { storeFigures } from './stores/stores-bench.js';
import { describeLoad, describeMachine } from './support/machine.js';
import { foundingDelivery, miniAppDelivery, neynarDelivery } from './support/payloads.js';
import { sunkValue } from './support/sink.js';
import { renderTable, type Table } from './support/table.js';

export const SECTIONS = ['receive', 'http', 'ceiling', 'size', 'header', 'bundle', 'queue', 'notify', 'pace', 'lookups', 'stores'] as const;
export type Section = (typeof SECTIONS)[number];

/** The senders the HTTP section covers, as `--sender` names them. */
export const BENCH_SENDERS = ['airstack', 'neynar', 'miniapp'] as const;
export type BenchSender = (typeof BENCH_SENDERS)[number];

export interface BenchOptions {
  readonly sections: readonly Section[];
  /** Rounds of the in-process sections. */
  readonly rounds: number;
  readonly httpRounds: number;
  readonly httpSeconds: number;
  /** The frameworks of the HTTP section. */
  readonly frameworks: readonly Framework[];
  /** The runtimes of the HTTP section. */
  readonly runtimes: readonly RuntimeName[];
  /** The senders of the HTTP section: a table per payload of each. */
  readonly senders: readonly BenchSender[];
  readonly connections: number;
  /** The length of each unknown field in the size section. */
  readonly fieldLength: number;
  /** Tokens of the notify section's throughput rows, and of its memory row. */
  readonly notifyTokens: number;
  readonly notifyMemoryTokens: number;
  /** The pace section: a broadcast to clients that answer after a delay, through BullMQ worker processes and createNotifier. */
  readonly pace: PaceBenchOptions;
  /** Users of each store's broadcast in the stores section. */
  readonly storeTokens: number;
}

/** Runs the chosen sections in order, printing each table as soon as it is measured. Resolves whether every goal was met. */
export async function runBench(options: BenchOptions): Promise<boolean> {
  console.log(`# pnpm bench\n\n${describeMachine()}; ${describeLoad()} at the start.\n`);
  const verdicts: { label: string; met: boolean }[] = [];
  const print = (label: string, result: { table: Table; met: boolean }) => {
    console.log(renderTable(result.table));
    verdicts.push({ label, met: result.met });
  };
  // Before anything runs: a missing wrk should not surface after minutes of other sections.
  if (options.sections.includes('http') || options.sections.includes('ceiling')) assertWrkInstalled();
  const plan = planCpus();
  const load = { rounds: options.httpRounds, seconds: options.httpSeconds, connections: options.connections, plan };
  for (const section of options.sections) {
    if (section === 'receive') print(section, await receiveVsBaseline(options.rounds));
    if (section === 'ceiling') print(section, await wrkCeiling(load));
    if (section === 'http') {
      const chosen = { ...load, frameworks: options.frameworks, runtimes: options.runtimes };
      const tables = await httpTables(options.senders);
      const pairs = tables.reduce((count, table) => count + chosenPairs({ ...chosen, ...table }).length, 0);
      const seconds = pairs * pairSeconds(load.rounds, load.seconds);
      console.log(
        `The HTTP section: ${pairs} pairs, each ${load.rounds} rounds of two fresh servers, each warmed up then driven for ${load.seconds} s: ` +
          `${seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} minutes`} of wrk, plus each server's start.\n`,
      );
      for (const table of tables) print(`http ${table.delivery.label}`, await adaptersVsNaive({ ...chosen, ...table }));
    }
    if (section === 'bundle') print(section, await bundleSizes());
    if (section === 'size') {
      for (const subject of [FOUNDING_SIZES, NEYNAR_SIZES]) {
        print(`size ${subject.title}`, await costVsSize({ subject, rounds: options.rounds, fieldLength: options.fieldLength }));
      }
    }
    if (section === 'header') print(section, await headerTiming(options.rounds * 2));
    if (section === 'queue')
      print(
        section,
        await enqueueVsHandler({ rounds: options.httpRounds, seconds: options.httpSeconds, concurrency: options.connections }),
      );
    if (section === 'notify')
      print(section, await notifyBroadcast({ tokens: options.notifyTokens, memoryTokens: options.notifyMemoryTokens }));
    if (section === 'pace') print(section, await paceRows(options.pace));
    if (section === 'lookups') print(section, await lookupCalls());
    if (section === 'stores')
      for (const [index, result] of (await storeFigures({ tokens: options.storeTokens })).entries()) print(`stores ${index + 1}`, result);
  }
  // Read once so the sink's writes are observable and the work behind them cannot be optimised away.
  if (sunkValue() === Symbol.for('never')) console.log('');
  console.log(`${describeLoad()} at the end.`);
  console.log(verdicts.map(({ label, met }) => `${label}: ${met ? 'goal met' : 'GOAL MISSED'}`).join('; '));
  return verdicts.every(({ met }) => met);
}

/**
 * The HTTP section's tables, one per payload: the founding sender's two (the contract's informative
 * rows in the first only), Neynar's `cast.created` (the event most webhooks subscribe to), and a
 * Mini App `miniapp_added` signed by a fresh test key.
 */
async function httpTables(senders: readonly BenchSender[]) {
  const founding = (['follow.created', 'profile.updated'] as const).map((name, index) => ({
    delivery: foundingDelivery(name),
    pairs: index === 0 ? [...PAIRS, ...CONTRACT_PAIRS] : PAIRS,
  }));
  const neynar = senders.includes('neynar') ? [{ delivery: await neynarDelivery('cast.created'), pairs: NEYNAR_PAIRS }] : [];
  const miniApp = senders.includes('miniapp') ? [{ delivery: await miniAppDelivery(), pairs: MINIAPP_PAIRS, notes: MINIAPP_NOTES }] : [];
  return [...(senders.includes('airstack') ? founding : []), ...neynar, ...miniApp];
}

/** What the Mini App table's rows mean where their labels cannot say it. */
const MINIAPP_NOTES = [
  "Every server has the same key lookup, served from cache (it answers at once for the signer's key, as a warmed receiver's " +
    'store does). Goal 3 rows hold goal 1 too: the route built on `parseWebhookEvent` is the route users write for these events. ' +
    "On workerd that route needs the `nodejs_compat` flag (the reference reads Node's `Buffer`), set for it alone; it bundles to about 760 kB (187 kB gzipped).",
  "Goal 2's route verifies the signature and nothing else: the key read from the signature's header, Ed25519 with `node:crypto` " +
    '(Web Crypto on workerd), each key imported once, no lookup and no validation of the header or the event.',
];
