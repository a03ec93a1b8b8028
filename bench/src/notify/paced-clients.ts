import { spawn } from 'node:child_process';

/** What the paced clients saw since their last reset. */
export interface PacedFigures {
  /** Requests received, by URL. */
  readonly requests: number[];
  /** Distinct tokens received, over every URL. */
  readonly distinct: number;
  /** Tokens received more than once (each extra time counted). */
  readonly duplicates: number;
  /** The most requests open at once, by URL, and over every URL. */
  readonly maxInFlight: number[];
  readonly maxInFlightTotal: number;
  /** CPU seconds (user and system) of the clients' process. */
  readonly cpuSeconds: number;
}

/** Local stand-in Farcaster clients that answer each request after `delayMs`, as real clients take 100 to 300 ms. */
export interface PacedClients {
  readonly urls: readonly string[];
  figures(): Promise<PacedFigures>;
  /** Forgets every count, and the tokens seen. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

// Plain JavaScript in a process of its own, run by `node -e`, so its CPU is counted apart from the
// sender's. A token is `bench-token-<fid>` (fill-tokens.ts): a byte per FID counts how often each
// arrived, which holds a million in 1 MB where a Set of strings would take ~60 MB.
const SERVERS = `
const { createServer } = require('node:http');
const [count, delayMs] = process.argv.slice(1).map(Number);
let seen = new Uint8Array(1 << 20);
let state;
const fresh = () => {
  seen.fill(0);
  state = { requests: Array(count).fill(0), open: Array(count).fill(0), maxInFlight: Array(count).fill(0), openTotal: 0, maxInFlightTotal: 0, distinct: 0, duplicates: 0, cpu: process.cpuUsage() };
};
fresh();
const mark = (token) => {
  const fid = Number(token.slice('bench-token-'.length));
  if (fid >= seen.length) { const grown = new Uint8Array(Math.max(fid + 1, seen.length * 2)); grown.set(seen); seen = grown; }
  if (seen[fid] === 0) state.distinct += 1; else state.duplicates += 1;
  if (seen[fid] < 255) seen[fid] += 1;
};
const servers = [];
let listening = 0;
for (let index = 0; index < count; index++) {
  const server = createServer((req, res) => {
    const s = state;
    s.requests[index] += 1;
    s.open[index] += 1; s.openTotal += 1;
    s.maxInFlight[index] = Math.max(s.maxInFlight[index], s.open[index]);
    s.maxInFlightTotal = Math.max(s.maxInFlightTotal, s.openTotal);
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => setTimeout(() => {
      const { tokens } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const token of tokens) mark(token);
      s.open[index] -= 1; s.openTotal -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: { successfulTokens: tokens, invalidTokens: [], rateLimitedTokens: [] } }));
    }, delayMs));
  });
  server.keepAliveTimeout = 60000;
  servers.push(server);
  server.listen(0, '127.0.0.1', () => {
    if (++listening === count) process.send({ ports: servers.map((s) => s.address().port) });
  });
}
const figures = () => {
  const { user, system } = process.cpuUsage(state.cpu);
  const { requests, maxInFlight, maxInFlightTotal, distinct, duplicates } = state;
  return { requests, maxInFlight, maxInFlightTotal, distinct, duplicates, cpuSeconds: (user + system) / 1e6 };
};
process.on('message', (message) => {
  if (message === 'figures') process.send({ figures: figures() });
  if (message === 'reset') { fresh(); process.send({ figures: figures() }); }
  if (message === 'close') { for (const server of servers) server.closeAllConnections(), server.close(); process.disconnect(); }
});
`;

export async function startPacedClients(count: number, delayMs: number): Promise<PacedClients> {
  const child = spawn(process.execPath, ['-e', SERVERS, String(count), String(delayMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (message) => resolve(message as T)));
  const { ports } = await next<{ ports: number[] }>();
  const ask = async (message: string) => {
    const reply = next<{ figures: PacedFigures }>();
    child.send(message);
    return (await reply).figures;
  };
  return {
    urls: ports.map((port, index) => `http://127.0.0.1:${port}/notify/${index}`),
    figures: () => ask('figures'),
    reset: async () => void (await ask('reset')),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}
