import { connect, type Socket } from 'node:net';

/** A hand-driven HTTP/1.1 client: writes what a test says, and reads the status line of the answer. */
export interface RawClient {
  write(data: string | Uint8Array): boolean;
  /** The answer's status, once its status line arrived; `undefined` if the socket closed without one. */
  readonly status: Promise<number | undefined>;
  /** Settles with `closed` once the server closed the connection. */
  readonly closed: Promise<'closed'>;
  /** Whether an answer has arrived yet. */
  answered(): boolean;
  destroy(): void;
}

/**
 * Opens a connection to the loopback `port` and writes a POST request head for `path`. Headers as a
 * list of pairs may repeat a name, each as its own line.
 */
export async function openRaw(
  port: number,
  path: string,
  headers: Record<string, string> | readonly (readonly [string, string])[],
): Promise<RawClient> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let answer: number | undefined;
  const status = new Promise<number | undefined>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match && answer === undefined) {
        answer = Number(match[1]);
        resolve(answer);
      }
    });
    socket.once('close', () => resolve(undefined));
    // A reset from a server that stopped reading is an outcome here, not a failure of the test.
    socket.on('error', () => resolve(answer));
  });
  const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')).once('end', () => resolve('closed')));
  const lines: readonly (readonly [string, string])[] = Array.isArray(headers) ? headers : Object.entries(headers);
  const head = [['host', 'localhost'] as const, ...lines].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
  return {
    write: (data) => !socket.destroyed && socket.write(data),
    status,
    closed,
    answered: () => answer !== undefined,
    destroy: () => socket.destroy(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
