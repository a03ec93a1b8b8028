import type { NotificationTarget, NotificationTokenStore } from '@social-webhooks/core';
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
 * kept. A batch's users are read all at once, then its new targets saved all at once: a client that
 * pipelines (node-redis, `@upstash/redis`) sends each group together, a `pg` pool over its
 * connections. With `dryRun`, writes nothing and reports what it would do.
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
    const found: { key: string; target: NotificationTarget }[] = [];
    for (const [index, key] of keys.entries()) {
      report.read++;
      const entry = values[index]!;
      const target = 'type' in entry ? wrongType(key, entry.type) : templateTarget(key, entry.value, clientFid);
      if (isSkip(target)) report.skipped.push(target);
      else found.push({ key, target });
    }
    const fids = [...new Set(found.map(({ target }) => target.fid))];
    const held = new Map(await Promise.all(fids.map(async (fid) => [fid, await store.get(fid)] as const)));
    const saves: NotificationTarget[] = [];
    for (const { key, target } of found) {
      const targets = held.get(target.fid)!;
      const same = targets.find((other) => other.appFid === target.appFid);
      if (same?.token === target.token && same.url === target.url) report.unchanged++;
      else if (same !== undefined)
        report.skipped.push({
          key,
          reason: 'other_token_kept',
          detail: `the store holds another token of fid ${target.fid} from client ${target.appFid}, from an event since: kept`,
        });
      else {
        // Counted as held, so the same key answered twice by SCAN in one batch is unchanged the second time.
        held.set(target.fid, [...targets, target]);
        saves.push(target);
        report.imported++;
      }
    }
    if (!dryRun) await Promise.all(saves.map((target) => store.save(target)));
  }
  return report;
}

function wrongType(key: string, type: string): Skip {
  return { key, reason: 'wrong_type', detail: `a ${type}, not a string of notificationDetails JSON` };
}
