import type { EventMap, WebhookOptions } from '@social-webhooks/core';
import { neynarOptionsFor, neynarRows, signNeynarRequest, type NeynarRow } from './neynar-rows.js';
import type { BaseRow, Calls } from './row.js';
import { optionsFor, rows, type Row } from './rows.js';
import type { TestRequest } from './test-request.js';

// Every sender's row table, for the conformance suite (every adapter) and the runtimes' servers
// (every runtime): add a sender here and it runs everywhere the founding sender does. Web APIs only.

/** A row with what its sender adds: the receiver's options, and the request as the client sends it. */
export type SenderRow = BaseRow & {
  /** The receiver's options for this row, with hooks that record into `calls`. */
  readonly options: (calls: Calls) => WebhookOptions<unknown, EventMap>;
  /** The request, as the test client sends it (a Neynar row's signature computed). */
  readonly send: () => Promise<TestRequest>;
};

export interface SenderSuite {
  /** The sender's name, as `Sender.name`. */
  readonly sender: string;
  /** The top-level body key the sender reads the event name from (logged on purpose). */
  readonly eventKey: string;
  readonly rows: readonly SenderRow[];
}

const founding: SenderSuite = {
  sender: 'airstack',
  eventKey: 'eventName',
  rows: rows.map((row: Row) => ({ ...row, options: (calls) => optionsFor(row, calls), send: async () => row.request })),
};

const neynar: SenderSuite = {
  sender: 'neynar',
  eventKey: 'type',
  rows: neynarRows.map((row: NeynarRow) => ({
    ...row,
    options: (calls) => neynarOptionsFor(row, calls),
    send: () => signNeynarRequest(row),
  })),
};

export const senderSuites: readonly SenderSuite[] = [founding, neynar];
