import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OnChainSignerEvent } from '@social-webhooks/core/testing';

/** A Farcaster hub on loopback that answers `onChainSignersByFid` from the signers given to it, and counts every call. */
export interface LocalHub {
  readonly url: string;
  /** The calls it answered, by FID, in order. */
  readonly calls: number[];
  /** Lists `event` among its FID's signers. */
  add(event: OnChainSignerEvent): void;
  /** Answers the next calls this way instead (a 429, a slow answer); `undefined` restores the signers. */
  answerWith(answer: ((request: IncomingMessage, response: ServerResponse) => void) | undefined): void;
  close(): Promise<void>;
}

/** Starts a {@link LocalHub} on a free loopback port. */
export async function startLocalHub(): Promise<LocalHub> {
  const signers = new Map<number, OnChainSignerEvent[]>();
  const calls: number[] = [];
  let override: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://hub');
    const fid = Number(url.searchParams.get('fid'));
    calls.push(fid);
    if (override !== undefined) return override(request, response);
    if (url.pathname !== '/v1/onChainSignersByFid') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events: signers.get(fid) ?? [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    add(event) {
      signers.set(event.fid, [...(signers.get(event.fid) ?? []), event]);
    },
    answerWith(answer) {
      override = answer;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
