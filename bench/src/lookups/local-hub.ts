import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OnChainSignerEvent } from '@social-webhooks/core/testing';

/** A Farcaster hub on loopback answering `onChainSignersByFid` from the signers added, counting its calls. */
export interface BenchHub {
  readonly url: string;
  /** How many calls it has answered. */
  calls(): number;
  add(event: OnChainSignerEvent): void;
  close(): Promise<void>;
}

export async function startBenchHub(): Promise<BenchHub> {
  const signers = new Map<number, OnChainSignerEvent[]>();
  let calls = 0;
  const server = createServer((request, response) => {
    calls++;
    const fid = Number(new URL(request.url!, 'http://hub').searchParams.get('fid'));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events: signers.get(fid) ?? [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    add(event) {
      signers.set(event.fid, [...(signers.get(event.fid) ?? []), event]);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
