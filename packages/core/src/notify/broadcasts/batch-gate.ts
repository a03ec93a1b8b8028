import type { BroadcastRecordStore } from './record-store.js';

/**
 * What a broadcast's batch passes right before its request: `enter` marks it live and reads the
 * cancel flag in one atomic step of the record store (`false`: cancelled, send nothing), `leave`
 * takes the mark off once the request is over. `cancel()` waits while a batch is live.
 */
export interface BatchGate {
  enter(batch: string): Promise<boolean>;
  leave(batch: string): Promise<void>;
}

/**
 * The gate of the broadcast `id` in `records`, each batch live for `liveMs` at most: a request's
 * timeout and a margin, so a run killed mid-request holds `cancel()` up no longer than that.
 */
export function recordGate(records: BroadcastRecordStore, id: string, liveMs: number): BatchGate {
  return {
    enter: (batch) => records.goLive(id, batch, liveMs),
    leave: (batch) => records.leave(id, batch),
  };
}
