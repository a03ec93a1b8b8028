import { startEmulator } from '@social-webhooks/emulator';
import { foundingServiceSteps } from './founding-service-steps.js';
import { miniAppSteps } from './miniapp-steps.js';
import { neynarSteps } from './neynar-steps.js';

/** What the demo saw; `ok` when everything happened as expected. */
export interface DemoReport {
  readonly ok: boolean;
  readonly lines: string[];
}

/**
 * The whole product in one run, on one machine: the senders of 2026 first, played by the emulator
 * (Neynar's webhooks, then Mini App events, each to the repository's example receiver for it),
 * then the founding service's webhooks; in each, a genuine delivery handled and a forgery refused.
 */
export async function runDemo(): Promise<DemoReport> {
  const out: string[] = [];
  const say = (line = '') => out.push(line);
  const results: boolean[] = [];
  const emulator = await startEmulator({ retry: { attempts: 3, baseDelayMs: 200, timeoutMs: 2000 } });
  try {
    say(`1. Neynar's webhooks (the emulator on ${emulator.url} plays Neynar)`);
    results.push(await neynarSteps(say, emulator));
    say(`\n2. Mini App events (the emulator plays a Farcaster client and its hub)`);
    results.push(await miniAppSteps(say, emulator));
  } finally {
    await emulator.stop();
  }
  say("\n3. The founding service's webhooks (Airstack's; closed to new users since 2024)");
  results.push(await foundingServiceSteps(say));
  const ok = results.every(Boolean);
  say(
    ok
      ? '\nDemo OK: for each sender, the genuine delivery handled and the forgery refused with 401.'
      : `\nDemo FAILED: see the steps above (${results.map((result, index) => `${index + 1} ${result ? 'ok' : 'failed'}`).join(', ')}).`,
  );
  return { ok, lines: out };
}
