// A replay in a process of its own, for the kill test: the receiver of support/replay-app.ts (its
// handler fixed) on REDIS_URL under PREFIX, replaying the window SINCE..UNTIL under the checkpoint
// CHECKPOINT at RATE a second. Prints `READY`, then `DELIVERY <id> <outcome>` per delivery, then
// `DONE <json>` when the replay ends.
import { replay } from '@social-webhooks/core';
import { createClient } from 'redis';
import { replayApp } from './replay-app.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`replay-run: set ${name}`);
  return value;
};
const write = (line: string) => process.stdout.write(`${line}\n`);
const client = createClient({ url: env('REDIS_URL') });
await client.connect();
write('READY');
const report = await replay({
  receiver: replayApp(client, env('PREFIX'), () => false),
  since: Number(env('SINCE')),
  until: Number(env('UNTIL')),
  checkpoint: env('CHECKPOINT'),
  ratePerSecond: Number(env('RATE')),
  onDelivery: (delivery) => write(`DELIVERY ${delivery.id} ${delivery.outcome}`),
});
write(`DONE ${JSON.stringify({ replayed: report.replayed, skipped: report.skipped, failed: report.failed })}`);
await client.quit();
