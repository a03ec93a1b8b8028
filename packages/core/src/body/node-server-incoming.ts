import type { NodeReadableLike } from './read-node-stream.js';

/** Node's request as @hono/node-server hands it to `fetch` in its second argument, `{ incoming, outgoing }`. */
export interface NodeIncoming extends NodeReadableLike {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly readableFlowing: boolean | null;
  readonly readableDidRead: boolean;
}

/**
 * On @hono/node-server, Node's own request, when nothing has read its body yet; elsewhere (Bun,
 * Deno, Workers) or once anything has (a Web Request built from it puts its stream in motion),
 * `undefined`. Reading it directly skips what @hono/node-server builds on first touch of the
 * Request's body or headers: a full Web Request, an AbortSignal, a Headers and two streams, for a
 * body of a few hundred bytes. Those were most of a delivery's cost on Node in the wrk benchmark.
 *
 * @param env the second argument of `fetch` (Hono's `c.env`).
 */
export function untouchedNodeIncoming(env: unknown): NodeIncoming | undefined {
  const incoming = (env as { incoming?: Partial<NodeIncoming> } | null | undefined)?.incoming;
  if (typeof incoming !== 'object' || incoming === null || typeof incoming.on !== 'function' || typeof incoming.off !== 'function')
    return undefined;
  if (typeof incoming.headers !== 'object' || incoming.headers === null) return undefined;
  const untouched = incoming.readableFlowing === null && incoming.readableDidRead === false && incoming.readableEnded === false;
  return untouched ? (incoming as NodeIncoming) : undefined;
}

/**
 * One header of Node's request as a Web `Headers.get` would answer it: Node joins repeated headers
 * with ', ' itself, except the few it keeps as arrays (set-cookie), which are joined here.
 */
export function nodeHeader(headers: NodeIncoming['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
