import type { NotificationTokenStore } from '@social-webhooks/core';
import { isSkip, templateTarget, type Skip } from './template-target.js';

/** The template keys of a SCAN batch, and each one's value, or the type of a key that is not a string. */
export interface TemplateSource {
  batches(pattern: string): AsyncIterable<readonly string[]>;
  read(keys: readonly string[]): Promise<readonly ({ value: string } | { type: string })[]>;
}

/** What an import did, or with `dryRun` would do. */
export interface ImportReport {
  readonly dryRun: boolean;
  /** Keys the pattern matched. */
  read: number;
  /** Saved as targets (with `dryRun`: would be). */
  imported: number;
  /** The store already holds this very target. */
  unchanged: number;
  /** Keys left as they were, with why. */
  readonly skipped: Skip[];
}

/**
 * Reads every key of `pattern` (SCAN, a batch at a time) and saves each template value as the
 * user's target from its client, unless the store already holds it, or holds another token from
 * that client: that one came from an event the receiver took (the client's newer word), so it is
 * kept. With `dryRun`, writes nothing and reports what it would do.
 */
export async function importTokens(options: {
  readonly source: TemplateSource;
  readonly pattern: string;
  readonly store: NotificationTokenStore;
  readonly clientFid: number | undefined;
  readonly dryRun: boolean;
}): Promise<ImportReport> {
  const { source, store, clientFid, dryRun } = options;
  const report: ImportReport = { dryRun, read: 0, imported: 0, unchanged: 0, skipped: [] };
  for await (const keys of source.batches(options.pattern)) {
    const values = await source.read(keys);
    for (const [index, key] of keys.entries()) {
      report.read++;
      const entry = values[index]!;
      if ('type' in entry) {
        report.skipped.push({ key, reason: 'wrong_type', detail: `a ${entry.type}, not a string of notificationDetails JSON` });
        continue;
      }
      const target = templateTarget(key, entry.value, clientFid);
      if (isSkip(target)) {
        report.skipped.push(target);
        continue;
      }
      const held = (await store.get(target.fid)).find((other) => other.appFid === target.appFid);
      if (held?.token === target.token && held.url === target.url) report.unchanged++;
      else if (held !== undefined)
        report.skipped.push({
          key,
          reason: 'other_token_kept',
          detail: `the store holds another token of fid ${target.fid} from client ${target.appFid}, from an event since: kept`,
        });
      else {
        if (!dryRun) await store.save(target);
        report.imported++;
      }
    }
  }
  return report;
}
