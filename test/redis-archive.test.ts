import { redisDeliveryArchive, type RedisStoreClient } from '@social-webhooks/redis';
import { describe, expect, it } from 'vitest';
import { archiveContract } from './support/archive-contract.js';
import { pollUntil } from './support/queue-processes.js';
import { useRedisForms } from './support/redis-forms.js';

// The Redis delivery archive on a real redis-server, through each client form (node-redis, ioredis
// through its wrapper, @upstash/redis over the REST stand-in both ways it deserializes): the archive
// contract (support/archive-contract.ts), the refusals of every instance added up under one prefix,
// and the options refused.
const { forms, upstash } = useRedisForms();
let prefixes = 0;

for (const { name, client } of forms) {
  archiveContract(`redisDeliveryArchive through ${name}`, (options) => {
    const prefix = `archive-${++prefixes}:`;
    return () => redisDeliveryArchive({ client: client(), prefix, ...options });
  });
}

describe.each(forms)('redisDeliveryArchive through $name', ({ client }) => {
  it('adds the refusals of every instance under one prefix, read by refusedTotals()', async () => {
    const prefix = `archive-${++prefixes}:`;
    const one = redisDeliveryArchive({ client: client(), prefix, refusalFlushMs: 20 });
    const two = redisDeliveryArchive({ client: client(), prefix, refusalFlushMs: 20 });
    for (const code of ['signature_mismatch', 'signature_mismatch', 'invalid_json']) one.countRefused(code);
    two.countRefused('signature_mismatch');
    expect(one.refusedCounts()).toEqual({ signature_mismatch: 2, invalid_json: 1 });
    expect(two.refusedCounts()).toEqual({ signature_mismatch: 1 });
    // refusedTotals() flushes its own instance's first; the other's flushes on its 20 ms timer.
    const totals = await pollUntil(
      () => one.refusedTotals!(),
      (read) => read['signature_mismatch'] === 3,
    );
    expect(totals).toEqual({ signature_mismatch: 3, invalid_json: 1 });
    expect(await two.refusedTotals!()).toEqual(totals);
  });
});

describe('redisDeliveryArchive options', () => {
  it('refuses a client without eval and bad bounds, saying what to pass', () => {
    expect(() => redisDeliveryArchive({ client: {} as never })).toThrow(/`client` must be a Redis client with an eval method/);
    expect(() => redisDeliveryArchive({ client: upstash.client as unknown as RedisStoreClient, keepMs: 0 })).toThrow(
      /`keepMs` must be a positive whole number/,
    );
  });
});
