import type { AddressInfo } from 'node:net';
import { EVENT_NAMES, type EventName } from '@social-webhooks/core';
import { buildDelivery } from '@social-webhooks/core/testing';
import { createApp } from './app.js';

// One header value per webhook, as the service hands out: binding each to its event type lets the
// receiver type flat deliveries (SPEC §1 "The delivered body").
const secrets = Object.fromEntries(EVENT_NAMES.map((name) => [name, `demo-${name.replace('.', '-')}-value`])) as Record<EventName, string>;

const handled: string[] = [];
const app = createApp({ secret: secrets, log: (line) => handled.push(line) });
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
console.log(`Express example receiver on ${url}\n`);

async function send(label: string, delivery: { headers: Readonly<Record<string, string>>; body: string }) {
  const response = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
  const text = await response.text();
  console.log(`  ${String(response.status).padEnd(4)} ${label.padEnd(40)} ${text}`);
  return response.status;
}

const statuses: number[] = [];
console.log('Deliveries:');
for (const eventName of EVENT_NAMES) {
  for (const form of ['envelope', 'flat'] as const) {
    statuses.push(await send(`${eventName} (${form})`, buildDelivery({ secret: secrets[eventName], eventName, form })));
  }
}
const forged = await send('forged follow.created (wrong header)', buildDelivery({ secret: 'not-the-secret' }));

console.log('\nHandled by the receiver:');
for (const line of handled) console.log(`  ${line}`);
server.close();

const ok = statuses.every((status) => status === 200) && handled.length === statuses.length && forged === 401;
console.log(ok ? `\nDemo OK: ${handled.length} deliveries handled, the forgery answered 401.` : '\nDemo FAILED.');
process.exitCode = ok ? 0 : 1;
