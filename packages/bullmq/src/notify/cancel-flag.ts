import type { RecordClient } from './record-client.js';
import { recordKey } from './record-keys.js';

/**
 * A broadcast's cancel flag (`cancelledAt` in its record's meta) and the batch jobs whose request may
 * be on the wire (`:live`, a sorted set of job ids scored by when their request is over at the latest).
 * A batch goes live and reads the flag in one MULTI, right before its request: either the flag was
 * set first and the batch sends nothing, or the batch was live first and `cancel()`, which sets the
 * flag and then reads the live set, waits for its request to end. So nothing leaves after `cancel()`
 * resolves.
 */
export class CancelFlag {
  constructor(
    private readonly client: RecordClient,
    private readonly base: string,
    private readonly keepMs: number,
  ) {}

  /** Sets the flag (the first cancel's time is kept); the time it holds. */
  async set(id: string, now: number): Promise<number> {
    const meta = recordKey(this.base, id, 'meta');
    await this.client.hsetnx(meta, 'cancelledAt', String(now));
    await this.client.multi().pexpire(meta, this.keepMs).exec();
    return (await this.at(id)) ?? now;
  }

  /** When the broadcast was cancelled, if it was. */
  async at(id: string): Promise<number | undefined> {
    const value = await this.client.hget(recordKey(this.base, id, 'meta'), 'cancelledAt');
    return value === null ? undefined : Number(value);
  }

  /**
   * Notes the batch job `jobId` as live until `deadline` (ms since the epoch) and reads the flag, in
   * one MULTI: true to send. A cancelled broadcast's batch is taken out of the live set again.
   */
  async goLive(id: string, jobId: string, deadline: number): Promise<boolean> {
    const live = recordKey(this.base, id, 'live');
    const replies = (await this.client
      .multi()
      .zadd(live, deadline, jobId)
      .pexpire(live, this.keepMs)
      .hget(recordKey(this.base, id, 'meta'), 'cancelledAt')
      .exec()) as [Error | null, unknown][];
    const [error, cancelledAt] = replies[2] ?? [new Error('no reply'), null];
    if (error !== null) throw error;
    if (cancelledAt === null) return true;
    await this.leave(id, jobId);
    return false;
  }

  /** The batch job's request is over (answered or timed out) and its outcome recorded. */
  async leave(id: string, jobId: string): Promise<void> {
    await this.client.zrem(recordKey(this.base, id, 'live'), jobId);
  }

  /** How many batch jobs may have a request on the wire at `now` (a worker that died counts until its deadline). */
  onWire(id: string, now: number): Promise<number> {
    return this.client.zcount(recordKey(this.base, id, 'live'), `(${now}`, '+inf');
  }
}
