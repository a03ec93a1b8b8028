import type { MoveReport, MoveSkipReason } from '../import/move-targets.js';

/** How many skipped rows of each reason the text names; `--json` has them all. */
const SHOWN = 5;

const REASONS: Readonly<Record<MoveSkipReason, string>> = {
  bad_row: 'unreadable row',
  unknown_client: 'unknown client',
  other_token_kept: 'another token kept',
};

/** An import from Neynar or a file as lines: the counts, the tokens not enabled by status, each skip reason with a few rows. */
export function moveLines(report: MoveReport, from: string, to: string): string[] {
  const notEnabled = Object.values(report.notEnabled).reduce((sum, count) => sum + count, 0);
  const lines = [
    `${report.dryRun ? 'Would import' : 'Imported'} from ${from} into the token store on ${to}:`,
    `  read           ${report.read}`,
    `  imported       ${report.imported}${report.dryRun ? ' (--dry-run: nothing written)' : ''}`,
    `  unchanged      ${report.unchanged} (the store already holds them)`,
    `  not enabled    ${notEnabled} (left out: the user turned notifications off, or the client no longer takes the token)`,
  ];
  for (const [status, count] of Object.entries(report.notEnabled)) lines.push(`    ${count}  ${status}`);
  lines.push(`  skipped        ${report.skipped.length}`);
  const byReason = new Map<MoveSkipReason, MoveReport['skipped']>();
  for (const skip of report.skipped) {
    const same = byReason.get(skip.reason) ?? [];
    same.push(skip);
    byReason.set(skip.reason, same);
  }
  for (const [reason, skips] of byReason) {
    lines.push(`    ${skips.length}  ${REASONS[reason]}`);
    for (const skip of skips.slice(0, SHOWN)) lines.push(`      ${skip.row}: ${skip.detail}`);
    if (skips.length > SHOWN) lines.push(`      … and ${skips.length - SHOWN} more (--json lists them all)`);
  }
  return lines;
}
