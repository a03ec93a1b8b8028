import type { Notification } from '@social-webhooks/core';
import type { BatchOutcome, PlannedBatch, RecordRead } from './batch-outcome.js';
import type { BroadcastAudience } from './job-audience.js';
import type { RecordClient } from './record-client.js';
import { recordKey, type RecordPart } from './record-keys.js';

// What run-batch.ts takes from here, where the record's types were before they had files of their own.

/**
 * A broadcast's record in Redis, beside BullMQ's keys: `<prefix><queue>:<id>:meta` (the notification,
 * the audience, when it started, whether the plan is done, the batches it is adding), `:batches` (a
 * field per planned batch job: its target count, written before the job is added, so that every
 * batch any run of the plan added is counted, and counted once), `:jobs` (a field per batch job: its
 * outcome, overwritten when the job runs again, so a re-run counts once) and `:stopped` (a field per
 * client URL that refused the notification: set once, read by every worker before each batch). Each
 * key is kept `keepMs` after its last write.
 */
export class BroadcastRecord {
  constructor(
    private readonly client: RecordClient,
    private readonly base: string,
    private readonly keepMs: number,
  ) {}

  private key(id: string, part: RecordPart): string {
    return recordKey(this.base, id, part);
  }

  /**
   * Records a new broadcast, or finds the one recorded with this id already (kept, running or done):
   * `added` says which, `createdAt` is when the recorded one started.
   */
  async start(
    id: string,
    notification: Notification,
    to: BroadcastAudience,
    now: number,
    expiresAt: number | undefined,
    scheduledAt?: number,
  ): Promise<{ added: boolean; createdAt: number }> {
    const meta = this.key(id, 'meta');
    if ((await this.client.hsetnx(meta, 'createdAt', String(now))) === 0) {
      return { added: false, createdAt: Number((await this.client.hget(meta, 'createdAt')) ?? now) };
    }
    const expiry = expiresAt === undefined ? {} : { expiresAt: String(expiresAt) };
    const schedule = scheduledAt === undefined ? {} : { scheduledAt: String(scheduledAt) };
    const fields = { notification: JSON.stringify(notification), to: JSON.stringify(to), ...expiry, ...schedule };
    // A broadcast due later is kept until then and keepMs after, not keepMs from now.
    const keep = this.keepMs + Math.max(0, (scheduledAt ?? now) - now);
    await this.client.multi().hset(meta, fields).pexpire(meta, keep).exec();
    return { added: true, createdAt: now };
  }

  /**
   * Counts `batches` as planned and notes them as being added, before the plan adds their jobs: a plan
   * that dies after this and before {@link added} leaves a note that the next run reconciles.
   */
  async adding(id: string, batches: readonly PlannedBatch[]): Promise<void> {
    const counts = Object.fromEntries(batches.map(({ jobId, targets }) => [jobId, String(targets)]));
    const [meta, planned] = [this.key(id, 'meta'), this.key(id, 'batches')];
    await this.client
      .multi()
      .hset(planned, counts)
      .pexpire(planned, this.keepMs)
      .hset(meta, { adding: JSON.stringify(batches.map(({ jobId }) => jobId)) })
      .pexpire(meta, this.keepMs)
      .exec();
  }

  /** The batches noted by {@link adding} are in the queue; `done` once the plan has read the whole audience. */
  added(id: string, { done }: { readonly done: boolean }): Promise<void> {
    return this.write(this.key(id, 'meta'), { adding: '[]', planDone: done ? '1' : '0' });
  }

  /**
   * Run when a plan starts: a previous run that died between {@link adding} and adding the jobs
   * counted batches that may never have been queued. Each one with no job (`queued` says) and no
   * outcome is no longer counted; the new run adds its own batches.
   */
  async reconcile(id: string, queued: (jobId: string) => Promise<boolean>): Promise<void> {
    const note = await this.client.hget(this.key(id, 'meta'), 'adding');
    const noted = note === null ? [] : (JSON.parse(note) as string[]);
    const lost: string[] = [];
    for (const jobId of noted) {
      if ((await this.client.hget(this.key(id, 'jobs'), jobId)) === null && !(await queued(jobId))) lost.push(jobId);
    }
    if (lost.length > 0) await this.client.hdel(this.key(id, 'batches'), ...lost);
  }

  batch(id: string, jobId: string, outcome: BatchOutcome): Promise<void> {
    return this.batches(id, [[jobId, outcome]]);
  }

  /** The outcomes of several batch jobs in one write: a plan's batches that expired before they were queued. */
  batches(id: string, outcomes: readonly (readonly [jobId: string, outcome: BatchOutcome])[]): Promise<void> {
    return this.write(this.key(id, 'jobs'), Object.fromEntries(outcomes.map(([jobId, outcome]) => [jobId, JSON.stringify(outcome)])));
  }

  /** Records that the client at `url` refused the notification; true for the first to record it. */
  async stop(id: string, url: string, reason: string): Promise<boolean> {
    return (await this.client.hsetnx(this.key(id, 'stopped'), url, reason)) === 1;
  }

  /** Why the client at `url` refused the notification, if it did. */
  async stopped(id: string, url: string): Promise<string | undefined> {
    return (await this.client.hget(this.key(id, 'stopped'), url)) ?? undefined;
  }

  async read(id: string): Promise<RecordRead | undefined> {
    const [meta, batches, jobs, stopped] = await Promise.all([
      this.client.hgetall(this.key(id, 'meta')),
      this.client.hgetall(this.key(id, 'batches')),
      this.client.hgetall(this.key(id, 'jobs')),
      this.client.hgetall(this.key(id, 'stopped')),
    ]);
    if (meta['createdAt'] === undefined) return undefined;
    const planned = Object.values(batches).reduce((sum, count) => sum + Number(count), 0);
    return { meta, planned, jobs: Object.values(jobs).map((value) => JSON.parse(value) as BatchOutcome), stopped };
  }

  private async write(key: string, fields: Readonly<Record<string, string>>): Promise<void> {
    await this.client.multi().hset(key, fields).pexpire(key, this.keepMs).exec();
  }
}
