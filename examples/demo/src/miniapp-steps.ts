import { createMiniAppSigner } from '@social-webhooks/core/testing';
import type { Emulator } from '@social-webhooks/emulator';
import { freePort, startReceiver } from './start-receiver.js';

/**
 * Mini App events, with the emulator as the Farcaster client that signs them and the hub that
 * proves the key: the Mini App backend example given the emulator as its hub, a `miniapp_added`
 * with notifications on verified and its token stored (then used: the backend's welcome, sent with
 * it, reaches the emulator's client), a forgery (an event signed with a key that is not the user's)
 * refused. Answers whether everything happened as expected.
 */
export async function miniAppSteps(say: (line?: string) => void, emulator: Emulator): Promise<boolean> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/webhook`;
  const receiver = await startReceiver('miniapp-backend', port, { HUB_URL: emulator.miniApp.hubUrl });
  try {
    say(`  The Mini App's backend on ${endpoint}, its hub the emulator's (${emulator.miniApp.hubUrl})`);
    const sent = await emulator.miniApp.send({ to: endpoint, event: 'miniapp_added', fid: 3 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    const attempts = delivery.attempts.map((a) => a.status ?? a.error).join(', ');
    say(`\n  The emulator, as a Farcaster client, signed miniapp_added of fid 3 with the user's app key ${sent.appKey.slice(0, 10)}…`);
    say(`    -> ${endpoint}: ${delivery.state} (attempts: ${attempts})`);

    // The backend stores the token, answers, then welcomes the user with that token: the
    // emulator's client receives the notification.
    const welcomed = await waitForLine(receiver.lines, 'welcome to fid 3:');
    const received = emulator.miniApp.received(3);
    say(`\n  The backend's welcome, sent with the stored token: ${welcomed ?? 'not sent'}`);
    say(`    the emulator's client received ${received.length} notification for fid 3`);

    const stranger = await createMiniAppSigner({ fid: 3 });
    const forged = JSON.stringify(await stranger.sign({ event: 'miniapp_removed' }));
    const forgery = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged });
    const forgeryBody = await forgery.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    say('\n  Forged event (miniapp_removed of fid 3, signed with a key that is not one of its app keys):');
    say(`    ${forgery.status} ${forgeryBody}`);
    say('\n  The backend handled:');
    for (const line of receiver.lines) say(`    ${line}`);

    const ok =
      delivery.state === 'delivered' &&
      welcomed === 'welcome to fid 3: 1 delivered' &&
      received.length === 1 &&
      forgery.status === 401 &&
      receiver.lines.length === 2 &&
      receiver.lines[0]!.startsWith('miniapp_added: fid 3');
    say(ok ? '\n  OK: the event verified and its token stored and used, the forgery refused with 401.' : '\n  FAILED: see above.');
    return ok;
  } finally {
    await receiver.stop();
  }
}

/** The first line starting with `prefix` the receiver prints within 10 s. */
async function waitForLine(lines: readonly string[], prefix: string): Promise<string | undefined> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const line = lines.find((candidate) => candidate.startsWith(prefix));
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}
