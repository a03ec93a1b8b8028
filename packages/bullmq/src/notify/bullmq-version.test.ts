import { readFileSync } from 'node:fs';
import { Job, Queue, WaitingError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { MIN_BULLMQ } from './bullmq-version.js';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  readonly peerDependencies?: Readonly<Record<string, string>>;
};

describe('the bullmq peer range', () => {
  it('starts at the first BullMQ 5 with every call the package makes, and admits 6', () => {
    expect(manifest.peerDependencies?.['bullmq']).toBe(`^${MIN_BULLMQ} || ^6.0.0`);
  });

  // Run on BullMQ 5 and, with SOCIAL_WEBHOOKS_PEERS=current, on 6.
  it('has each of those calls in the bullmq the tests run on', () => {
    expect(typeof WaitingError).toBe('function');
    expect(typeof Job.prototype.moveToWait).toBe('function');
    for (const method of ['upsertJobScheduler', 'getJobScheduler', 'getJobSchedulers', 'removeJobScheduler'] as const) {
      expect(typeof Queue.prototype[method], method).toBe('function');
    }
  });
});
