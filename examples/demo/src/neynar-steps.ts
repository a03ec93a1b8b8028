import { buildNeynarDelivery, neynarSampleEvent } from '@social-webhooks/core/testing';
import { DEFAULT_API_KEY, type Emulator } from '@social-webhooks/emulator';
import { freePort, startReceiver } from './start-receiver.js';

/** What the emulator's Neynar API answers on `POST /v2/farcaster/webhook/`, as far as the demo reads it. */
interface CreatedWebhook {
  readonly webhook: { readonly webhook_id: string; readonly secrets: readonly { readonly value: string }[] };
}

/**
 * Neynar's webhooks, played by the emulator: a webhook created through Neynar's API (as the SDK's
 * `publishWebhook` calls it) with a subscription to one author's casts, the Neynar example receiver
 * given its secret, that author's cast delivered signed and handled, another author's filtered out,
 * a forgery refused. Answers whether everything happened as expected.
 */
export async function neynarSteps(say: (line?: string) => void, emulator: Emulator): Promise<boolean> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/webhook`;
  const cast = neynarSampleEvent('cast.created').data;
  const subscription = { 'cast.created': { author_fids: [cast.author.fid] } };
  const created = await fetch(`${emulator.url}/v2/farcaster/webhook/`, {
    method: 'POST',
    headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'demo', url: endpoint, subscription }),
  });
  const { webhook } = (await created.json()) as CreatedWebhook;
  const secret = webhook.secrets[0]!.value;
  say(`  Created Neynar webhook ${webhook.webhook_id} (POST /v2/farcaster/webhook/, as Neynar's SDK calls it)`);
  say(`    cast.created where author_fids = [${cast.author.fid}] -> ${endpoint}`);
  say(`    secret: ${secret.slice(0, 4)}… (stored in NEYNAR_WEBHOOK_SECRET)`);

  const receiver = await startReceiver('neynar-receiver', port, { NEYNAR_WEBHOOK_SECRET: secret });
  try {
    const published: [string, unknown][] = [
      [`cast.created by ${cast.author.fid} (matches the subscription)`, undefined],
      ['cast.created by 3 (does not match)', { ...cast, author: { ...cast.author, fid: 3 } }],
    ];
    say('\n  Published:');
    const matchedCounts: number[] = [];
    for (const [label, data] of published) {
      const response = await fetch(`${emulator.url}/_emulator/neynar/events`, {
        method: 'POST',
        headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'cast.created', ...(data !== undefined && { data }) }),
      });
      const { matched } = (await response.json()) as { matched: string[] };
      matchedCounts.push(matched.length);
      say(`    ${label.padEnd(50)} ${matched.length === 0 ? 'filtered out' : `delivered to ${matched.length} webhook`}`);
    }
    await emulator.idle();
    const deliveries = emulator.deliveries().filter((delivery) => delivery.sender === 'neynar');
    say('\n  Delivery log (signed in X-Neynar-Signature):');
    for (const delivery of deliveries) {
      const attempts = delivery.attempts.map((a) => a.status ?? a.error).join(', ');
      say(`    ${delivery.eventName} -> ${delivery.endpoint}: ${delivery.state} (attempts: ${attempts})`);
    }

    const forged = await buildNeynarDelivery({ secret: 'not-the-webhook-secret' });
    const forgery = await fetch(endpoint, { method: 'POST', headers: forged.headers, body: forged.body });
    const forgeryBody = await forgery.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    say('\n  Forged delivery (signed with another secret):');
    say(`    ${forgery.status} ${forgeryBody}`);
    say('\n  The receiver handled:');
    for (const line of receiver.lines) say(`    ${line}`);

    const ok =
      matchedCounts.join(',') === '1,0' &&
      deliveries.length === 1 &&
      deliveries[0]!.state === 'delivered' &&
      receiver.lines.length === 1 &&
      receiver.lines[0]!.startsWith('cast.created: @') &&
      forgery.status === 401;
    say(ok ? '\n  OK: the signed cast handled, the other filtered out, the forgery refused with 401.' : '\n  FAILED: see above.');
    return ok;
  } finally {
    await receiver.stop();
  }
}
