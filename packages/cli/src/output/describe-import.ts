import type { ImportReport } from '../import/import-tokens.js';
import type { SkipReason } from '../import/template-target.js';

/** How many skipped keys of each reason the text names; `--json` has them all. */
const SHOWN = 5;

const REASONS: Readonly<Record<SkipReason, string>> = {
  wrong_type: 'wrong type',
  no_fid_in_key: 'no FID in the key',
  not_json: 'not JSON',
  no_token_or_url: 'no token or url',
  unknown_client: 'unknown client',
  other_token_kept: 'another token kept',
};

/** The report as lines: the counts, then each reason's count and a few of its keys with why. */
export function importLines(report: ImportReport, from: string, to: string): string[] {
  const byReason = new Map<SkipReason, ImportReport['skipped']>();
  for (const skip of report.skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip]);
  const lines = [
    `${report.dryRun ? 'Would import' : 'Imported'} from ${from} into the token store on ${to}:`,
    `  read           ${report.read}`,
    `  imported       ${report.imported}${report.dryRun ? ' (--dry-run: nothing written)' : ''}`,
    `  unchanged      ${report.unchanged} (the store already holds them)`,
    `  skipped        ${report.skipped.length}`,
  ];
  for (const [reason, skips] of byReason) {
    lines.push(`    ${skips.length}  ${REASONS[reason]}`);
    for (const skip of skips.slice(0, SHOWN)) lines.push(`      ${skip.key}: ${skip.detail}`);
    if (skips.length > SHOWN) lines.push(`      … and ${skips.length - SHOWN} more (--json lists them all)`);
  }
  return lines;
}
