// A replay in a process of its own, for the kill test: the receiver of support/postgres-replay-app.ts
// (its handler fixed) on DATABASE_URL under PREFIX, replaying the window SINCE..UNTIL under the
// checkpoint CHECKPOINT at RATE a second. Prints `READY`, then `DELIVERY <id> <outcome>` per
// delivery, then `DONE <json>` when the replay ends.
import { replay } from '@social-webhooks/core';
import pg from 'pg';
import { postgresReplayApp } from './postgres-replay-app.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`postgres-replay-run: set ${name}`);
  return value;
};
const write = (line: string) => process.stdout.write(`${line}\n`);
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 4 });
write('READY');
const report = await replay({
  receiver: postgresReplayApp(pool, env('PREFIX'), () => false),
  since: Number(env('SINCE')),
  until: Number(env('UNTIL')),
  checkpoint: env('CHECKPOINT'),
  ratePerSecond: Number(env('RATE')),
  onDelivery: (delivery) => write(`DELIVERY ${delivery.id} ${delivery.outcome}`),
});
write(`DONE ${JSON.stringify({ replayed: report.replayed, skipped: report.skipped, failed: report.failed })}`);
await pool.end();
