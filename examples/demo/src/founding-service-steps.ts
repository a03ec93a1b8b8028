import { createClient } from '@social-webhooks/client';
import type { EventName } from '@social-webhooks/core';
import { buildDelivery, sampleEvent } from '@social-webhooks/core/testing';
import { DEFAULT_API_KEY, startEmulator } from '@social-webhooks/emulator';
import { freePort, startReceiver } from './start-receiver.js';

/**
 * The founding service (Airstack's webhooks): its emulator twice (envelope and flat bodies), a
 * webhook created through the client on each (follow.created, filtered on followerProfileId), three
 * events published to each, one forged delivery. Answers whether everything happened as expected.
 */
export async function foundingServiceSteps(say: (line?: string) => void): Promise<boolean> {
  // The service's final docs show the flat body (the payload alone); the original description, the
  // envelope { eventName, data }. One emulator sends each, to the same receiver (docs/contract.md §Body forms).
  const forms = ['envelope', 'flat'] as const;
  const emulators = await Promise.all(
    forms.map((bodyForm) => startEmulator({ bodyForm, retry: { attempts: 3, baseDelayMs: 200, timeoutMs: 2000 } })),
  );
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/webhook`;
  const follow = sampleEvent('follow.created').data;

  const headerValues: string[] = [];
  for (const [index, emulator] of emulators.entries()) {
    const client = createClient({ apiKey: DEFAULT_API_KEY, baseUrl: emulator.url });
    const webhook = await client.createWebhook({
      endpoint,
      filterConfig: { event_type: 'follow.created', filter: { followerProfileId: follow.followerProfileId }, payload: follow },
    });
    headerValues.push(webhook.headerValue);
    say(`  Emulator of the service on ${emulator.url}, sending ${forms[index]} bodies`);
    say(`  Created webhook ${webhook.webhookId}`);
    say(`    follow.created where followerProfileId = "${follow.followerProfileId}" -> ${endpoint}`);
    say(`    header to check: ${webhook.headerName}: ${webhook.headerValue.slice(0, 4)}… (stored in WEBHOOK_SECRET)`);
  }

  // Each header value bound to its webhook's event type: that is what types a flat body.
  const receiver = await startReceiver('express-receiver', port, { WEBHOOK_SECRET: JSON.stringify({ 'follow.created': headerValues }) });
  try {
    const published: [string, EventName, Record<string, unknown>][] = [
      ['follow.created by 3761 (matches the filter)', 'follow.created', follow],
      ['follow.created by 602 (does not match)', 'follow.created', { ...follow, followerProfileId: '602' }],
      ['profile.updated (no webhook for it)', 'profile.updated', sampleEvent('profile.updated').data],
    ];
    const matchedCounts: number[] = [];
    for (const [index, emulator] of emulators.entries()) {
      say(`\n  Published (${forms[index]} bodies):`);
      for (const [label, eventName, data] of published) {
        const response = await fetch(`${emulator.url}/_emulator/events`, {
          method: 'POST',
          headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ eventName, data }),
        });
        const { matched } = (await response.json()) as { matched: string[] };
        matchedCounts.push(matched.length);
        say(`    ${label.padEnd(46)} ${matched.length === 0 ? 'filtered out' : `delivered to ${matched.length} webhook`}`);
      }
    }
    await Promise.all(emulators.map((emulator) => emulator.idle()));
    const deliveries = emulators.flatMap((emulator) => emulator.deliveries());
    say('\n  Delivery log:');
    for (const [index, emulator] of emulators.entries()) {
      for (const delivery of emulator.deliveries()) {
        const attempts = delivery.attempts.map((a) => a.status ?? a.error).join(', ');
        say(`    ${delivery.eventName} (${forms[index]}) -> ${delivery.endpoint}: ${delivery.state} (attempts: ${attempts})`);
      }
    }

    const forged = buildDelivery({ secret: 'forged-header-value', eventName: 'follow.created' });
    const forgery = await fetch(endpoint, { method: 'POST', headers: forged.headers, body: forged.body });
    const forgeryBody = await forgery.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    say('\n  Forged delivery (wrong header):');
    say(`    ${forgery.status} ${forgeryBody}`);
    say('\n  The receiver handled:');
    for (const line of receiver.lines) say(`    ${line}`);

    const ok =
      matchedCounts.join(',') === '1,0,0,1,0,0' &&
      deliveries.length === 2 &&
      deliveries.every((delivery) => delivery.state === 'delivered') &&
      receiver.lines.length === 2 &&
      receiver.lines.every((line) => line.startsWith('follow.created: 3761')) &&
      forgery.status === 401;
    say(
      ok
        ? '\n  OK: one delivery handled in each body form, the other events filtered out, the forgery refused with 401.'
        : '\n  FAILED: see above.',
    );
    return ok;
  } finally {
    await receiver.stop();
    await Promise.all(emulators.map((emulator) => emulator.stop()));
  }
}
