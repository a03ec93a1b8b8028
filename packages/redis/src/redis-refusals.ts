import { refusalCounter } from '@social-webhooks/core';
import { ADD_REFUSALS, READ_REFUSALS } from './archive-scripts.js';
import type { RedisEvalClient } from './eval-client.js';
import { asArray, integer, unexpected, unmark } from './replies.js';

/** The refusal counts of a Redis archive: this process's, and every process's in Redis. */
export interface RedisRefusals {
  /** Counts one refusal: in this process at once, in Redis with the next flush. Never waits, never throws. */
  count(code: string): void;
  /** This process's counts. */
  counts(): Readonly<Record<string, number>>;
  /** Every process's counts in Redis, after this process's pending ones are flushed. */
  totals(): Promise<Readonly<Record<string, number>>>;
}

/**
 * Refusals counted in this process and added to a Redis hash (`key`) every `flushMs`: one EVAL of
 * one HINCRBY per code counted since the last, whatever their number, so a flood of forgeries costs
 * Redis one call a flush. The answer to a refused request never waits for it: a flush runs on a
 * timer, and one that fails is dropped (the counts are a count, never a record) with one warning.
 */
export function redisRefusals(client: RedisEvalClient, key: string, flushMs: number): RedisRefusals {
  const local = refusalCounter();
  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let warned = false;

  function flush(): Promise<void> {
    timer = undefined;
    if (pending.size === 0) return flushing;
    const args = [...pending].flatMap(([code, count]) => [code, String(count)]);
    pending = new Map();
    flushing = flushing
      .then(() => client.eval(ADD_REFUSALS, { keys: [key], arguments: args }))
      .then(
        () => undefined,
        (error: unknown) => {
          if (warned) return;
          warned = true;
          console.warn(
            '@social-webhooks/redis: redisDeliveryArchive() could not add refusal counts to Redis; they are dropped (warned once). Answers are unaffected.',
            error,
          );
        },
      );
    return flushing;
  }

  return {
    count(code) {
      local.count(code);
      pending.set(code, (pending.get(code) ?? 0) + 1);
      if (timer !== undefined) return;
      timer = setTimeout(() => void flush(), flushMs);
      // A pending flush never keeps a process alive that has nothing else to do.
      (timer as { unref?: () => void }).unref?.();
    },
    counts: local.counts,
    async totals() {
      if (timer !== undefined) clearTimeout(timer);
      await flush();
      const reply = asArray(await client.eval(READ_REFUSALS, { keys: [key], arguments: [] }), 'archive refusals');
      const totals: Record<string, number> = {};
      for (let at = 0; at + 1 < reply.length; at += 2) {
        const count = integer(reply[at + 1]);
        if (count === undefined) throw unexpected(reply, 'archive refusals');
        totals[unmark(reply[at], 'archive refusals')] = count;
      }
      return totals;
    },
  };
}
