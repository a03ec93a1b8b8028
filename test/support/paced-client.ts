import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationTokenStore } from '@social-webhooks/core';

/** A client's notification URL that answers every token successful after `delayMs`, counting the requests open at once. */
export interface PacedClient {
  readonly url: string;
  /** The most requests open at once so far. */
  readonly maxOpen: number;
  /** Requests open now. */
  readonly open: number;
  /** Times each token arrived. */
  readonly received: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Real clients answer in 100 to 300 ms: a broadcast's pace is then its requests in flight. Several of
 * these share `opened`, the count of requests open across them, to check a cap over every URL.
 */
export async function startPacedClient(delayMs: number, opened: { now: number; max: number } = { now: 0, max: 0 }): Promise<PacedClient> {
  const state = { url: '', maxOpen: 0, open: 0, received: new Map<string, number>() };
  const server = createServer((request, response) => {
    state.open += 1;
    opened.now += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    opened.max = Math.max(opened.max, opened.now);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () =>
      setTimeout(() => {
        const { tokens } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { tokens: string[] };
        for (const token of tokens) state.received.set(token, (state.received.get(token) ?? 0) + 1);
        state.open -= 1;
        opened.now -= 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ result: { successfulTokens: tokens, invalidTokens: [], rateLimitedTokens: [] } }));
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return Object.assign(state, {
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Saves `count` users (FIDs from `from`) with a token at `client`'s URL each: `<url>#<fid>`. */
export async function fillPaced(store: NotificationTokenStore, client: PacedClient, count: number, from = 1): Promise<void> {
  for (let fid = from; fid < from + count; fid++) await store.save({ fid, appFid: 9152, url: client.url, token: `${client.url}#${fid}` });
}
