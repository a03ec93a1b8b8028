import { createHash } from 'node:crypto';
import type { BatchTarget, Notification } from '@social-webhooks/core';
import { toJobId } from '../job-data.js';
import type { BroadcastAudience } from './job-audience.js';

/** The job that reads the store and adds the broadcast's batch jobs. Plain JSON, as BullMQ stores it. */
export interface PlanJobData {
  readonly type: 'plan';
  /** The broadcast's id: its `notificationId`. */
  readonly id: string;
  readonly notification: Notification;
  readonly to: BroadcastAudience;
  /** When its batches stop being worth sending (ms since the epoch), if ever. */
  readonly expiresAt?: number;
}

/**
 * Why a batch job exists: read from the store by the plan (`batch`), or handed on by another batch
 * job, its targets rate-limited until a window ends (`limited`) or its request failed in a way worth
 * retrying (`retry`).
 */
export type BatchKind = 'batch' | 'limited' | 'retry';

/** One client URL and at most 100 of its targets. */
export interface BatchJobData {
  readonly type: 'batch';
  readonly id: string;
  readonly notification: Notification;
  readonly url: string;
  readonly targets: readonly BatchTarget[];
  readonly kind: BatchKind;
  /** Rate-limit rounds behind these targets (0 for a planned batch). */
  readonly round: number;
  /** Retries behind these targets after a failed request (0 for a planned batch). */
  readonly attempt: number;
  /** When these targets stop being worth sending (ms since the epoch): the job then sends nothing and counts them `expired`. */
  readonly expiresAt?: number;
}

/**
 * The job a schedule's job scheduler adds at each tick (broadcast-schedules.ts): it queues that tick's
 * broadcast, whose `notificationId` is `<schedule>-<tick time, ISO 8601>`.
 */
export interface TickJobData {
  readonly type: 'tick';
  readonly schedule: string;
  /** The notification without its id: each tick gets its own. */
  readonly notification: Omit<Notification, 'notificationId'>;
  readonly to: BroadcastAudience;
  /** Each tick's broadcast expires this long after its tick, if given. */
  readonly expiresInMs?: number;
}

export type NotifyJobData = PlanJobData | BatchJobData | TickJobData;

/** The plan job's id. BullMQ refuses ids with `:` and integer ids; `toJobId` encodes the one, the prefix rules out the other. */
export function planJobId(id: string): string {
  return `plan.${toJobId(id)}`;
}

/**
 * A planned batch's job id, from its content: a plan that runs again (its worker died) computes the
 * same ids for the same batches, and BullMQ adds nothing for an id it holds.
 */
export function batchJobId(id: string, url: string, targets: readonly BatchTarget[]): string {
  const hash = createHash('sha256').update(url);
  for (const { fid, appFid, token } of targets) hash.update(`\n${fid} ${appFid} ${token}`);
  return `${toJobId(id)}.${hash.digest('hex').slice(0, 24)}`;
}

/** The job id of what a batch job hands on: the same for every run of that job, so a re-run adds it once. */
export function followUpJobId(parentId: string, kind: Exclude<BatchKind, 'batch'>): string {
  return `${parentId}.${kind === 'limited' ? 'l' : 't'}`;
}
