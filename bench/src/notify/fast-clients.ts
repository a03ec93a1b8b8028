import { spawn } from 'node:child_process';

/** Local stand-in Farcaster clients: one notification URL each, every token answered successful. */
export interface FastClients {
  readonly urls: readonly string[];
  /** Requests received so far, by URL. */
  requests(): Promise<number[]>;
  /** Forgets the counts. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

// The servers run in a process of their own, so the answer time is theirs, the sender's process
// measures the sender, and its resident memory holds the sender's alone. Plain JavaScript, run by
// \`node -e\`; it talks to the bench over IPC.
const SERVERS = `
const { createServer } = require('node:http');
const count = Number(process.argv[1]);
const counts = [];
const servers = [];
let listening = 0;
for (let index = 0; index < count; index++) {
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
    if (++listening === count) process.send({ ports: servers.map((s) => s.address().port) });
  });
}
process.on('message', (message) => {
  if (message === 'counts') process.send({ counts: [...counts] });
  if (message === 'reset') { counts.fill(0); process.send({ counts: [...counts] }); }
  if (message === 'close') { for (const server of servers) server.closeAllConnections(), server.close(); process.disconnect(); }
});
`;

export async function startFastClients(count: number): Promise<FastClients> {
  const child = spawn(process.execPath, ['-e', SERVERS, String(count)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (message) => resolve(message as T)));
  const { ports } = await next<{ ports: number[] }>();
  const ask = async (message: string) => {
    const reply = next<{ counts: number[] }>();
    child.send(message);
    return (await reply).counts;
  };
  return {
    urls: ports.map((port, index) => `http://127.0.0.1:${port}/notify/${index}`),
    requests: () => ask('counts'),
    reset: async () => void (await ask('reset')),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}
