import type { BroadcastCancelOutcome } from '@social-webhooks/core';
import { EXIT_CODES, type ExitCode } from '../exit-codes.js';

/** Where the broadcast was: a BullMQ queue (`notificationBroadcaster`), or the records of `createBroadcasts`. */
export type CancelledFrom = 'queue' | 'records';

/** What each answer of `cancel()` means, for the human output, as the queue's broadcaster and `createBroadcasts` say it. */
const MEANINGS: Readonly<Record<CancelledFrom, Readonly<Record<BroadcastCancelOutcome, string>>>> = {
  queue: {
    'not-started': 'cancelled before any worker started it: nothing was sent',
    stopped: 'stopped: what was sent stays sent, the rest is counted cancelled; nothing more is sent',
    'cancelled-already': 'cancelled already, by an earlier cancel: nothing more is sent',
    'finished-already': 'finished already: every target had its outcome, nothing to stop',
    unknown: 'no such broadcast on this queue (never queued, or past its keepMs)',
  },
  records: {
    'not-started': 'cancelled before any run() worked on it: nothing was sent',
    stopped: 'stopped: what was sent stays sent, what was read and not sent is counted cancelled; nothing more is sent',
    'cancelled-already': 'cancelled already, by an earlier cancel: nothing more is sent',
    'finished-already': 'finished already: every target had its outcome, nothing to stop',
    unknown: 'no such broadcast in these records (never started, or past its keepMs)',
  },
};

/** The one line `cancel` prints: `ID: outcome, what it means (where).` */
export function cancelLine(id: string, outcome: BroadcastCancelOutcome, from: CancelledFrom, where: string): string {
  return `${id}: ${outcome}, ${MEANINGS[from][outcome]} (${where}).`;
}

/** 0 when nothing of the broadcast is sent after this (not started, stopped, cancelled already); 1 when there was nothing to cancel. */
export function cancelExitCode(outcome: BroadcastCancelOutcome): ExitCode {
  return outcome === 'finished-already' || outcome === 'unknown' ? EXIT_CODES.failed : EXIT_CODES.ok;
}
