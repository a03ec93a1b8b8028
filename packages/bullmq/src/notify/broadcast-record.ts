import type { Notification, NotificationAudience } from '@social-webhooks/core';

/** The few Redis commands the record uses: an ioredis client, as BullMQ's `queue.client` resolves to. */
export interface RecordClient {
  hget(key: string, field: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  hsetnx(key: string, field: string, value: string): Promise<number>;
  multi(): RecordPipeline;
}

interface RecordPipeline {
  hset(key: string, fields: Readonly<Record<string, string>>): RecordPipeline;
  pexpire(key: string, ms: number): RecordPipeline;
  exec(): Promise<unknown>;
}

/** What one batch job came to, as its field in the record holds it (overwritten when the job runs again). */
export interface BatchOutcome {
  readonly kind: 'batch' | 'limited' | 'retry';
  readonly targets: number;
  readonly requests: number;
  readonly successful: number;
  readonly alreadySent: number;
  readonly invalid: number;
  readonly failed: Readonly<Record<string, number>>;
  /** Not sent: the client had refused the notification. */
  readonly remaining: number;
  /** Handed to a delayed job until their rate limit's window ends. */
  readonly limited: number;
  /** Handed to a delayed job that retries the request. */
  readonly retrying: number;
  /** When the handed-on rate-limited targets are sent again (ms since the epoch). */
  readonly retryAt?: number;
}

/** The plan's figures: targets read and batches added so far, and whether it has read the whole audience. */
export interface PlanOutcome {
  readonly planned: number;
  readonly batches: number;
  readonly done: boolean;
}

/**
 * A broadcast's record in Redis, beside BullMQ's keys: `<prefix><queue>:<id>:meta` (the notification,
 * the audience, when it started, the plan's figures), `:jobs` (a field per batch job: its outcome,
 * overwritten when the job runs again, so a re-run counts once) and `:stopped` (a field per client
 * URL that refused the notification: set once, read by every worker before each batch). Each key is
 * kept `keepMs` after its last write.
 */
export class BroadcastRecord {
  constructor(
    private readonly client: RecordClient,
    private readonly base: string,
    private readonly keepMs: number,
  ) {}

  private key(id: string, part: 'meta' | 'jobs' | 'stopped'): string {
    return `${this.base}${id}:${part}`;
  }

  /** Records a new broadcast; false when one with this id is recorded already (kept, running or done). */
  async start(id: string, notification: Notification, to: NotificationAudience, now: number): Promise<boolean> {
    const meta = this.key(id, 'meta');
    if ((await this.client.hsetnx(meta, 'createdAt', String(now))) === 0) return false;
    await this.write(meta, { notification: JSON.stringify(notification), to: JSON.stringify(to) });
    return true;
  }

  plan(id: string, outcome: PlanOutcome): Promise<void> {
    const { planned, batches, done } = outcome;
    return this.write(this.key(id, 'meta'), { planned: String(planned), batches: String(batches), planDone: done ? '1' : '0' });
  }

  batch(id: string, jobId: string, outcome: BatchOutcome): Promise<void> {
    return this.write(this.key(id, 'jobs'), { [jobId]: JSON.stringify(outcome) });
  }

  /** Records that the client at `url` refused the notification; true for the first to record it. */
  async stop(id: string, url: string, reason: string): Promise<boolean> {
    return (await this.client.hsetnx(this.key(id, 'stopped'), url, reason)) === 1;
  }

  /** Why the client at `url` refused the notification, if it did. */
  async stopped(id: string, url: string): Promise<string | undefined> {
    return (await this.client.hget(this.key(id, 'stopped'), url)) ?? undefined;
  }

  async read(id: string): Promise<{ meta: Record<string, string>; jobs: BatchOutcome[]; stopped: Record<string, string> } | undefined> {
    const [meta, jobs, stopped] = await Promise.all([
      this.client.hgetall(this.key(id, 'meta')),
      this.client.hgetall(this.key(id, 'jobs')),
      this.client.hgetall(this.key(id, 'stopped')),
    ]);
    if (meta['createdAt'] === undefined) return undefined;
    return { meta, jobs: Object.values(jobs).map((value) => JSON.parse(value) as BatchOutcome), stopped };
  }

  private async write(key: string, fields: Readonly<Record<string, string>>): Promise<void> {
    await this.client.multi().hset(key, fields).pexpire(key, this.keepMs).exec();
  }
}

/** The record's key prefix for a queue. */
export function recordBase(queueName: string): string {
  return `social-webhooks:broadcast:${queueName}:`;
}
