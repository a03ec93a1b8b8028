import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';

/**
 * A local stand-in of Upstash Redis's REST API in front of a real redis-server, as Upstash documents
 * it and as `@upstash/redis` speaks it (its `HttpClient`):
 *
 * - `POST /` with a command as a JSON array (`["SET","k","v"]`) answers `{"result": …}`, or
 *   `{"error": "…"}` with status 400 when Redis answers an error;
 * - `POST /pipeline` with an array of commands answers 200 and an array of `{result}`/`{error}`, one
 *   per command, run in order and not atomically; `POST /multi-exec` runs them in one MULTI/EXEC;
 * - every request carries `Authorization: Bearer <token>`, else 401 `{"error":"Unauthorized"}`;
 * - with the request header `Upstash-Encoding: base64` (the client's default), each string of a
 *   result is base64 (UTF-8) except a whole result of `OK`, which the client reads as it is.
 *
 * `requests` counts the HTTP requests answered: each is one round trip for a function on Vercel.
 * Upstash's other spelling, a command in the URL's path (`GET /set/k/v`), is left out: the client
 * never sends it, so this answers it 405.
 */
export interface UpstashRest {
  /** `http://127.0.0.1:<port>`, what `UPSTASH_REDIS_REST_URL` holds. */
  readonly url: string;
  readonly token: string;
  /** HTTP requests answered so far, each a round trip. */
  readonly requests: number;
  /** The commands of every request so far, in order (a pipeline's as one entry). */
  readonly log: readonly (readonly unknown[][])[];
  close(): Promise<void>;
}

type Reply = null | number | string | Reply[];

/** Starts the stand-in on a free loopback port, in front of the redis-server at `redisUrl`. */
export async function startUpstashRest(redisUrl: string, token = 'test-token'): Promise<UpstashRest> {
  const redis = createClient({ url: redisUrl });
  redis.on('error', () => undefined);
  await redis.connect();
  let requests = 0;
  const log: unknown[][][] = [];

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return send(405, { error: 'the stand-in takes a command as a JSON array with POST' });
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'Unauthorized' });
    let body: unknown;
    try {
      body = JSON.parse(await readText(request));
    } catch {
      return send(400, { error: 'ERR failed to parse the request body as JSON' });
    }
    const base64 = String(request.headers['upstash-encoding']).toLowerCase() === 'base64';
    const encode = (result: Reply) => (base64 ? toBase64(result, true) : result);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (path === '/') {
      if (!isCommand(body)) return send(400, { error: 'ERR the body must be a command as a JSON array' });
      log.push([body]);
      try {
        return send(200, { result: encode(await redis.sendCommand<Reply>(body.map(String))) });
      } catch (error) {
        return send(400, { error: (error as Error).message });
      }
    }
    if (path !== '/pipeline' && path !== '/multi-exec') return send(404, { error: `ERR unknown path ${path}` });
    if (!Array.isArray(body) || body.length === 0 || !body.every(isCommand)) {
      return send(400, { error: 'ERR the body must be a non-empty array of commands, each a JSON array' });
    }
    const commands = body.map((command) => command.map(String));
    log.push(commands);
    if (path === '/pipeline') {
      const settled = await Promise.allSettled(commands.map((command) => redis.sendCommand<Reply>(command)));
      return send(
        200,
        settled.map((outcome) =>
          outcome.status === 'fulfilled' ? { result: encode(outcome.value) } : { error: (outcome.reason as Error).message },
        ),
      );
    }
    const multi = redis.multi();
    for (const command of commands) multi.addCommand(command);
    try {
      const replies = (await multi.exec()) as unknown as Reply[];
      return send(
        200,
        replies.map((result) => ({ result: encode(result) })),
      );
    } catch (error) {
      // EXEC ran, and some commands failed: each answers its own reply or error, as Upstash does.
      const { replies, errorIndexes } = error as { replies?: unknown[]; errorIndexes?: number[] };
      if (replies === undefined || errorIndexes === undefined) return send(400, { error: (error as Error).message });
      return send(
        200,
        replies.map((reply, index) =>
          errorIndexes.includes(index) ? { error: (reply as Error).message } : { result: encode(reply as Reply) },
        ),
      );
    }
  }

  const server = createServer((request, response) => {
    requests++;
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    get requests() {
      return requests;
    },
    log,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit().catch(() => undefined);
    },
  };
}

function isCommand(value: unknown): value is (string | number | boolean)[] {
  return Array.isArray(value) && value.length > 0 && value.every((part) => ['string', 'number', 'boolean'].includes(typeof part));
}

/** Each string of a reply in base64; a whole reply of `OK` (a status) as it is, as the client expects. */
function toBase64(reply: Reply, top: boolean): Reply {
  if (typeof reply === 'string') return top && reply === 'OK' ? reply : Buffer.from(reply, 'utf8').toString('base64');
  if (Array.isArray(reply)) return reply.map((element) => toBase64(element, false));
  return reply;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
