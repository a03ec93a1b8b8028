import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';

/** Why a row of Neynar's list or of a file is not imported: a stable code (`--json`). */
export type MoveSkipReason = 'bad_row' | 'unknown_client' | 'other_token_kept';

/** A row left out, where it was (`fid 42` of Neynar's list, `line 7` of a file), and why in words. */
export interface MoveSkip {
  readonly row: string;
  readonly reason: MoveSkipReason;
  readonly detail: string;
}

/** What one row of a source stands for: a target to import, a token not enabled, or a skip. */
export type Candidate =
  { readonly row: string; readonly target: NotificationTarget } | { readonly row: string; readonly notEnabled: string } | MoveSkip;

/** What an import from Neynar or a file did, or with `dryRun` would do. */
export interface MoveReport {
  readonly dryRun: boolean;
  /** Rows read. */
  read: number;
  /** Saved as targets (with `dryRun`: would be). */
  imported: number;
  /** The store already holds this very target. */
  unchanged: number;
  /** Tokens not imported because their source lists them as no longer enabled, by status (`disabled`, `invalid`). */
  readonly notEnabled: Record<string, number>;
  /** Rows left out, with why. */
  readonly skipped: MoveSkip[];
}

/**
 * Saves each batch's targets in `store`, unless it already holds that very target (`unchanged`), or
 * holds another token of that user from that client: that one came from an event the receiver took
 * (the client's newer word), so it is kept (`other_token_kept`). A batch's users are read at once,
 * then its new targets saved at once; only one batch is held. With `dryRun`, writes nothing.
 */
export async function moveTargets(
  batches: AsyncIterable<readonly Candidate[]>,
  store: NotificationTokenStore,
  dryRun: boolean,
): Promise<MoveReport> {
  const report: MoveReport = { dryRun, read: 0, imported: 0, unchanged: 0, notEnabled: {}, skipped: [] };
  for await (const batch of batches) {
    const found: { row: string; target: NotificationTarget }[] = [];
    for (const candidate of batch) {
      report.read++;
      if ('target' in candidate) found.push(candidate);
      else if ('notEnabled' in candidate) report.notEnabled[candidate.notEnabled] = (report.notEnabled[candidate.notEnabled] ?? 0) + 1;
      else report.skipped.push(candidate);
    }
    const fids = [...new Set(found.map(({ target }) => target.fid))];
    const held = new Map(await Promise.all(fids.map(async (fid) => [fid, await store.get(fid)] as const)));
    const saves: NotificationTarget[] = [];
    for (const { row, target } of found) {
      const targets = held.get(target.fid)!;
      const same = targets.find((other) => other.appFid === target.appFid);
      if (same?.token === target.token && same.url === target.url) report.unchanged++;
      else if (same !== undefined)
        report.skipped.push({
          row,
          reason: 'other_token_kept',
          detail: `the store holds another token of fid ${target.fid} from client ${target.appFid}: kept`,
        });
      else {
        // Counted as held: the same user and client twice in one batch is unchanged the second time.
        held.set(target.fid, [...targets, target]);
        saves.push(target);
        report.imported++;
      }
    }
    if (!dryRun) await Promise.all(saves.map((target) => store.save(target)));
  }
  return report;
}
