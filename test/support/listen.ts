import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { EventMap, WebhookOptions } from '@social-webhooks/core';
import type { ParserKind } from './row.js';
import { fetchRow, type TestRequest, type TestResponse } from './test-request.js';

/** A receiver mounted on one adapter, reachable through `send`. */
export interface Mounted {
  send(request: TestRequest): Promise<TestResponse>;
  /** The loopback port, when the receiver listens on a real socket (the hostile-client tests need one). */
  readonly port?: number;
  close(): Promise<void>;
}

export interface Harness {
  readonly name: string;
  /** A body parser that runs before the handler, which may answer malformed bodies itself. */
  readonly parsesFirst?: ParserKind;
  /** Runs only these senders' rows (default: every sender's). */
  readonly senders?: readonly string[];
  /** The transport hands the body over only once it has ended (Fastify 4's `app.inject`): a stalled body cannot be sent. */
  readonly wholeBodiesOnly?: true;
  /** Mounts a receiver of any sender (the row tables build the options; support/senders.ts). */
  mount(options: WebhookOptions<unknown, EventMap>): Promise<Mounted>;
}

export const PATH = '/webhook';

/** Sends through a real loopback server with `fetch`. */
export async function listenWithFetch(server: Server): Promise<Mounted> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    send: (req) => fetchRow(`http://127.0.0.1:${port}${PATH}`, req),
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
