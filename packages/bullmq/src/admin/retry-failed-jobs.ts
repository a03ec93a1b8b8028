import type { Job } from 'bullmq';
import { WebhookError } from '@social-webhooks/core';
import { describeFailedJob, type FailedJob, type FailedJobsQueue } from './failed-jobs.js';

/**
 * Which failed jobs {@link retryFailedJobs} moves back: by id (one, or a list), or every failed job
 * that matches all the filters given (`{}` matches every one).
 */
export type RetrySelection =
  | string
  | 'all'
  | { readonly ids: readonly string[] }
  | {
      /** Only the jobs of this event name (`follow.created`; a broadcast's jobs are named `plan` and `batch`). */
      readonly eventName?: string;
      /** Only the jobs that failed at or after this time, in ms since the epoch. */
      readonly since?: number;
      /** Only the jobs that failed before this time, in ms since the epoch. */
      readonly until?: number;
    };

const PAGE = 500;

/**
 * Moves failed jobs back to the queue with their attempts reset, so each gets its full retries
 * again: one job by id, a list of ids (`{ ids }`), every failed job with `'all'`, or those of an
 * event name, or failed within a time window (`{ eventName, since, until }`). Answers the ids it moved.
 * @throws {WebhookError} `invalid_options` when an id names no failed job (none is moved then), or
 *   the selection is malformed.
 * @example
 * await retryFailedJobs(queue, { eventName: 'cast.created', since: Date.parse('2026-11-28T14:00:00Z') });
 */
export async function retryFailedJobs(queue: FailedJobsQueue, which: RetrySelection): Promise<string[]> {
  if (typeof which === 'string' && which !== 'all') return retryByIds(queue, [which]);
  if (typeof which === 'object' && which !== null && 'ids' in which) {
    if (!Array.isArray(which.ids) || which.ids.some((id) => typeof id !== 'string' || id === ''))
      fail('`ids` must be an array of job ids, as `social-webhooks failed` lists them.');
    return retryByIds(queue, which.ids);
  }
  const matches = which === 'all' ? () => true : matcher(which);
  const retried: string[] = [];
  // A retried job leaves the failed list; one that does not match stays, so the next page starts after them.
  for (let start = 0; ;) {
    const page = (await queue.getFailed(start, start + PAGE - 1)).filter((job): job is Job => job !== undefined);
    if (page.length === 0) return retried;
    for (const job of page) {
      if (!matches(describeFailedJob(job))) {
        start++;
        continue;
      }
      await job.retry('failed', { resetAttemptsMade: true });
      retried.push(job.id ?? '');
    }
  }
}

async function retryByIds(queue: FailedJobsQueue, ids: readonly string[]): Promise<string[]> {
  // Every id checked before any job moves: a typo in a list retries nothing rather than a part.
  const jobs: Job[] = [];
  for (const id of new Set(ids)) {
    const job = await queue.getJob(id);
    if (job === undefined || !(await job.isFailed())) {
      fail(`no failed job has the id ${JSON.stringify(id)}. List them with \`social-webhooks failed\`.`);
    }
    jobs.push(job);
  }
  for (const job of jobs) await job.retry('failed', { resetAttemptsMade: true });
  return jobs.map((job) => job.id ?? '');
}

function matcher(filter: unknown): (job: FailedJob) => boolean {
  if (typeof filter !== 'object' || filter === null) fail("the selection must be a job id, 'all', { ids } or { eventName, since, until }.");
  const { eventName, since, until } = filter as Record<string, unknown>;
  if (eventName !== undefined && (typeof eventName !== 'string' || eventName === '')) fail('`eventName` must be an event name.');
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !Number.isFinite(value)) fail(`\`${name}\` must be a time in ms since the epoch (Date.parse(…)).`);
  }
  return (job) =>
    (eventName === undefined || job.eventName === eventName) &&
    (since === undefined || (job.failedAt ?? 0) >= (since as number)) &&
    (until === undefined || (job.failedAt ?? 0) < (until as number));
}

function fail(message: string): never {
  throw new WebhookError('invalid_options', `@social-webhooks/bullmq: ${message}`);
}
