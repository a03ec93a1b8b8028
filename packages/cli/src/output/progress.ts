import type { BatchResult } from '@social-webhooks/core';
import type { CliIo } from '../io.js';

const BAR_WIDTH = 30;
/** Without a terminal, a progress line at most this often. */
const LINE_EVERY_MS = 1_000;

/** Counts a broadcast's settled tokens batch by batch and shows them on stderr. */
export interface Progress {
  /** The notifier's `onBatch`: counts the targets this batch settled. */
  readonly onBatch: (result: BatchResult) => void;
  /** Shows `line` (a wait for rate limits) on a line of its own; on a terminal, the bar is drawn again below it. */
  say(line: string): void;
  /** Shows the final state, `processed` tokens (the report's count, those not tried included), and ends the bar's line. */
  finish(processed: number): void;
}

/**
 * A progress display for `total` tokens on stderr: on a terminal, one bar redrawn in place
 * (`[#####-----] 50% 500/1000 tokens, 5 requests`); otherwise a plain line at most once a second and
 * one at the end, so a log is readable. A rate-limited token sent again later is counted once.
 */
export function startProgress(io: CliIo, total: number, now: () => number = Date.now): Progress {
  const tty = io.stderrIsTTY === true;
  const limited = new Set<string>();
  let done = 0;
  let requests = 0;
  let lastLine = now();
  const text = (): string => {
    const shown = Math.min(done, total);
    const share = total === 0 ? 1 : shown / total;
    return `${Math.floor(share * 100)}% ${shown}/${total} tokens, ${requests} request(s)`;
  };
  const draw = (final: boolean): void => {
    if (tty) {
      const filled = Math.round((total === 0 ? 1 : Math.min(done, total) / total) * BAR_WIDTH);
      io.stderr(`\r[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${text()}\u001b[K${final ? '\n' : ''}`);
      return;
    }
    if (!final && now() - lastLine < LINE_EVERY_MS) return;
    lastLine = now();
    io.stderr(`progress: ${text()}\n`);
  };
  return {
    onBatch(result) {
      if (result.requested) requests += 1;
      done += result.successful.length + result.alreadySent.length + result.invalid.length + result.failed.length;
      for (const group of [result.successful, result.alreadySent, result.invalid, result.failed.map(({ target }) => target)]) {
        // A token counted when it was held back is not counted again when it settles.
        for (const { token } of group) if (limited.delete(token)) done -= 1;
      }
      for (const { target } of result.rateLimited) {
        if (!limited.has(target.token)) {
          limited.add(target.token);
          done += 1;
        }
      }
      draw(false);
    },
    say(line) {
      if (!tty) return void io.stderr(`${line}\n`);
      io.stderr(`\r${line}\u001b[K\n`);
      draw(false);
    },
    finish(processed) {
      done = processed;
      draw(true);
    },
  };
}
