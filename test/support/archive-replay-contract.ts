import { expect, it } from 'vitest';
import { archivedDelivery, type ArchivePlace } from './archive-place.js';

/** What the archive contract may not reach on a store. */
export interface ArchiveContractOptions {
  /**
   * `false` where the test cannot see the archive's process (an archive made in a Worker for each
   * call): countRefused() and refusedCounts() are synchronous counts of that process. Default true.
   */
  readonly refusalsInProcess?: boolean;
}

/**
 * The archive contract's cases of what comes after an add (called inside archiveContract's
 * describe): a later outcome, replays and a replay's checkpoint; what two instances add at once
 * kept in arrival order within maxDeliveries; the refusals of a process counted by code.
 */
export function archiveReplayContract(place: ArchivePlace, { refusalsInProcess = true }: ArchiveContractOptions = {}): void {
  it("records a later outcome, a replay and a replay's checkpoint", async () => {
    const store = (await place())();
    const id = await store.add(archivedDelivery(Date.now(), { status: 202, code: 'accepted' }));
    await store.settle(id, { status: 500, code: 'handler_failed' });
    expect(await store.get(id)).toMatchObject({ status: 500, code: 'handler_failed' });
    const checkpoint = { after: id, replayed: 1, skipped: 0, failed: 0, savedAt: 5 };
    await store.recordReplay(id, { at: 9, status: 200, code: 'handled' }, { name: 'fix-1', value: checkpoint });
    expect(await store.get(id)).toMatchObject({ replays: 1, lastReplay: { at: 9, status: 200, code: 'handled' } });
    expect(await store.checkpoint('fix-1')).toEqual(checkpoint);
    await store.recordReplay(id, { at: 10, status: 200, code: 'duplicate' });
    expect(await store.get(id)).toMatchObject({ replays: 2, lastReplay: { at: 10, code: 'duplicate' } });
    expect(await store.checkpoint('fix-1')).toEqual(checkpoint);
    await store.saveCheckpoint('fix-1', { ...checkpoint, skipped: 1 });
    expect(await store.checkpoint('fix-1')).toMatchObject({ skipped: 1 });
    expect(await store.checkpoint('none')).toBeUndefined();
  });

  it('keeps what two instances add at once, in arrival order, within maxDeliveries', async () => {
    const shared = await place();
    const instances = [shared(), shared()];
    const now = Date.now();
    const ids = await Promise.all(Array.from({ length: 60 }, (_, index) => instances[index % 2]!.add(archivedDelivery(now + index))));
    const listed = await instances[0]!.list({ order: 'asc', limit: 1000 });
    expect(listed.deliveries.map((d) => d.id)).toEqual([...ids].sort());
    expect(listed.deliveries.map((d) => d.receivedAt)).toEqual(Array.from({ length: 60 }, (_, index) => now + index));
    const bounded = await place({ maxDeliveries: 10 });
    const two = [bounded(), bounded()];
    await Promise.all(Array.from({ length: 40 }, (_, index) => two[index % 2]!.add(archivedDelivery(now + index))));
    // An add drops what was committed before it: once the racing ones are in, the next keeps the last 10.
    const last = await two[0]!.add(archivedDelivery(now + 40));
    const kept = (await two[1]!.list()).deliveries;
    expect(kept).toHaveLength(10);
    expect(kept[0]!.id).toBe(last);
  });

  if (!refusalsInProcess) return;
  it('counts the refusals of its process by code; refusedTotals(), where there is one, has them', async () => {
    const store = (await place())();
    for (const code of ['signature_mismatch', 'signature_mismatch', 'invalid_json']) store.countRefused(code);
    expect(store.refusedCounts()).toEqual({ signature_mismatch: 2, invalid_json: 1 });
    if (store.refusedTotals !== undefined) expect(await store.refusedTotals()).toEqual({ signature_mismatch: 2, invalid_json: 1 });
    expect(store.refusedCounts()).toEqual({ signature_mismatch: 2, invalid_json: 1 });
  });
}
