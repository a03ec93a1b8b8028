import { createMiniAppSigner } from '@social-webhooks/core/testing';
import type { Emulator } from '@social-webhooks/emulator';
import { freePort, startReceiver } from './start-receiver.js';

const NOTIFY_TOKEN = 'demo-notify-token';

/**
 * Mini App events, with the emulator as the Farcaster client that signs them and the hub that
 * proves the key: the Mini App backend example given the emulator as its hub, a `miniapp_added`
 * with notifications on verified and its token stored (then used: a notification sent with it
 * reaches the emulator's client), a forgery (an event signed with a key that is not the user's)
 * refused. Answers whether everything happened as expected.
 */
export async function miniAppSteps(say: (line?: string) => void, emulator: Emulator): Promise<boolean> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/webhook`;
  const receiver = await startReceiver('miniapp-backend', port, { HUB_URL: emulator.miniApp.hubUrl, NOTIFY_TOKEN });
  try {
    say(`  The Mini App's backend on ${endpoint}, its hub the emulator's (${emulator.miniApp.hubUrl})`);
    const sent = await emulator.miniApp.send({ to: endpoint, event: 'miniapp_added', fid: 3 });
    const delivery = await emulator.miniApp.waitForDelivery(sent.deliveryId);
    const attempts = delivery.attempts.map((a) => a.status ?? a.error).join(', ');
    say(`\n  The emulator, as a Farcaster client, signed miniapp_added of fid 3 with the user's app key ${sent.appKey.slice(0, 10)}…`);
    say(`    -> ${endpoint}: ${delivery.state} (attempts: ${attempts})`);

    // The token the backend stored is what it notifies with: the emulator's client answers for it.
    const notified = await fetch(`http://127.0.0.1:${port}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${NOTIFY_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fid: 3,
        notificationId: 'demo-welcome',
        title: 'Welcome',
        body: 'Thanks for adding the app',
        targetUrl: 'https://miniapp.example.com/',
      }),
    });
    const report = (await notified.json()) as { successful: number };
    say(
      `\n  A notification sent with the stored token: ${report.successful} token reached (POST /notify -> the client's notification URL)`,
    );

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
      report.successful === 1 &&
      forgery.status === 401 &&
      receiver.lines.length === 1 &&
      receiver.lines[0]!.startsWith('miniapp_added: fid 3');
    say(ok ? '\n  OK: the event verified and its token stored and used, the forgery refused with 401.' : '\n  FAILED: see above.');
    return ok;
  } finally {
    await receiver.stop();
  }
}
