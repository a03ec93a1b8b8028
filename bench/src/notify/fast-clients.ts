import { Worker } from 'node:worker_threads';

/** Local stand-in Farcaster clients: one notification URL each, every token answered successful. */
export interface FastClients {
  readonly urls: readonly string[];
  /** Requests received so far, by URL. */
  requests(): Promise<number[]>;
  /** Forgets the counts. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

// The servers run in a thread of their own, so the answer time is theirs and the sender's main
// thread measures the sender. Plain JavaScript: a worker thread given code runs it as is.
const SERVERS = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:http');
const counts = [];
const servers = [];
let listening = 0;
for (let index = 0; index < workerData.count; index++) {
  counts.push(0);
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      counts[index] += 1;
      const { tokens } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: { successfulTokens: tokens, invalidTokens: [], rateLimitedTokens: [] } }));
    });
  });
  server.keepAliveTimeout = 60000;
  servers.push(server);
  server.listen(0, '127.0.0.1', () => {
    if (++listening === workerData.count) parentPort.postMessage({ ports: servers.map((s) => s.address().port) });
  });
}
parentPort.on('message', (message) => {
  if (message === 'counts') parentPort.postMessage({ counts: [...counts] });
  if (message === 'reset') { counts.fill(0); parentPort.postMessage({ counts: [...counts] }); }
  if (message === 'close') { for (const server of servers) server.closeAllConnections(), server.close(); parentPort.close(); }
});
`;

export async function startFastClients(count: number): Promise<FastClients> {
  const worker = new Worker(SERVERS, { eval: true, workerData: { count } });
  const next = <T>(): Promise<T> => new Promise((resolve) => worker.once('message', resolve));
  const { ports } = await next<{ ports: number[] }>();
  const ask = async (message: string) => {
    const reply = next<{ counts: number[] }>();
    worker.postMessage(message);
    return (await reply).counts;
  };
  return {
    urls: ports.map((port, index) => `http://127.0.0.1:${port}/notify/${index}`),
    requests: () => ask('counts'),
    reset: async () => void (await ask('reset')),
    close: async () => {
      worker.postMessage('close');
      await worker.terminate();
    },
  };
}
