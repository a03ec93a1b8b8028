import { fileURLToPath } from 'node:url';
import { EVENT_NAMES, type EventName } from '@social-webhooks/core';
import { startChildServer } from '../support/child-server.js';
import { driveMix, type MixResult } from './drive-mix.js';
import { loadtestSecrets, requestCycle } from './request-mix.js';

/** What one example receiver did under the load. */
export interface ReceiverRun {
  readonly name: string;
  readonly mix: MixResult;
  /** Handler calls by event type, counted from the one line the example logs per handled event. */
  readonly handled: Record<EventName, number>;
  /** Resident memory just after start-up. */
  readonly rssCold: number | undefined;
  /** Resident memory after the warm-up and a full garbage collection: the run's "before". */
  readonly rssBefore: number | undefined;
  /** Resident memory straight after the run, before any collection: how high it went. */
  readonly rssAfterRun: number | undefined;
  /** Resident memory after the run and a full garbage collection: what the run left behind. */
  readonly rssAfter: number | undefined;
  readonly exitCode: number | null;
}

export interface RunOptions {
  readonly amount: number;
  /**
   * Requests of the same mix sent before the measured run. Start-up is not steady state: the JIT
   * compiles, V8 grows its young generation to the load and Node its buffers, all once. The memory
   * check is about what the run itself leaves behind, so "before" is read after this warm-up.
   */
  readonly warmup: number;
  readonly connections: number;
  readonly deadlineMs: number;
}

// Each example logs `<event name>: ...` once per handler call (examples/*/src/app.ts), and nothing
// else in that form, so its output counts the calls with no counter added to the example.
const HANDLED_LINE = /^(profile\.created|profile\.updated|follow\.created|follow\.deleted): /;

/**
 * Starts one example receiver as its own process (`src/server.ts` under Node with tsx, as its
 * `pnpm start` does, without the wrappers, so the pid is the server's), on a free port, with
 * WEBHOOK_SECRET as a JSON map binding a header value to each event type; drives it; stops it.
 */
export async function runReceiver(example: string, options: RunOptions): Promise<ReceiverRun> {
  // Relative to the built bench/dist/loadtest.js, which is what runs.
  const folder = fileURLToPath(new URL(`../../examples/${example}/`, import.meta.url));
  const secrets = loadtestSecrets();
  const server = await startChildServer('src/server.ts', {
    cwd: folder,
    nodeArgs: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, PORT: '0', WEBHOOK_SECRET: JSON.stringify(secrets) },
    ready: /listening on http:\/\/localhost:(\d+)\//,
    inspect: true,
  });
  const handled = Object.fromEntries(EVENT_NAMES.map((name) => [name, 0])) as Record<EventName, number>;
  server.onLine((line) => {
    const match = HANDLED_LINE.exec(line);
    if (match !== null) handled[match[1] as EventName]++;
  });
  const rssCold = server.rssBytes();
  let mix: MixResult;
  let rssBefore: number | undefined;
  let rssAfterRun: number | undefined;
  let rssAfter: number | undefined;
  let handledBefore: Record<EventName, number>;
  try {
    const drive = {
      url: `${server.origin}/webhook`,
      cycle: requestCycle(secrets),
      connections: options.connections,
      deadlineMs: options.deadlineMs,
    };
    await driveMix({ ...drive, amount: options.warmup });
    handledBefore = await settled(handled);
    await server.collectGarbage();
    rssBefore = server.rssBytes();
    mix = await driveMix({ ...drive, amount: options.amount });
    // A moment for the last responses' work (and their log lines) to finish before measuring.
    await settled(handled);
    rssAfterRun = server.rssBytes();
    await server.collectGarbage();
    rssAfter = server.rssBytes();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const exitCode = await server.stop();
  // Counted once the child's output is fully read, so a late handler call would still be seen.
  for (const name of EVENT_NAMES) handled[name] -= handledBefore[name];
  return { name: example, mix, handled, rssCold, rssBefore, rssAfterRun, rssAfter, exitCode };
}

// Waits until the log lines stop arriving (none for 500 ms), then copies the counts.
async function settled(handled: Record<EventName, number>): Promise<Record<EventName, number>> {
  let previous = '';
  for (;;) {
    const current = JSON.stringify(handled);
    if (current === previous) return { ...handled };
    previous = current;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
