import { describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { replayOf, type AnyEvent } from '@social-webhooks/core';
import { sampleEvent } from '@social-webhooks/core/testing';
import type { WebhookJobData } from '../job-data.js';
import { runJob, type JobRunner } from './run-job.js';

// A job's event as its handler gets it: a replay's mark handed on. Jobs run by a worker on a real
// Redis are in test/bullmq-*.test.ts.
function runner(seen: AnyEvent[]): JobRunner {
  return {
    sender: { name: 'airstack', eventNames: ['follow.created'] },
    on: { 'follow.created': (event) => void seen.push(event) },
    onUnknownEvent: undefined,
    onError: () => undefined,
    instrumentation: undefined,
  };
}
const job = (data: WebhookJobData) => ({ data, attemptsMade: 0, queueName: 'q', id: 'j', timestamp: 1 }) as unknown as Job<WebhookJobData>;

describe('runJob', () => {
  it('marks the event of a job a replay queued, and no other, so replayOf(event) tells them apart', async () => {
    const seen: AnyEvent[] = [];
    const { eventName, data } = sampleEvent('follow.created');
    const replay = { of: '0001764300000000-abcdef123456', at: 5, forced: true };
    await runJob(
      runner(seen),
      job({ eventName, data, carrier: {}, receivedAt: 1, sender: 'airstack', replay }),
      new AbortController().signal,
    );
    await runJob(runner(seen), job({ eventName, data, carrier: {}, receivedAt: 1, sender: 'airstack' }), new AbortController().signal);
    expect(seen.map((event) => replayOf(event))).toEqual([replay, undefined]);
    expect(JSON.stringify(seen[0])).toBe(JSON.stringify(seen[1]));
  });
});
