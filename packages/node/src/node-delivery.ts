import type { IncomingHttpHeaders } from 'node:http';
import type { BodyContent, Delivery } from '@social-webhooks/core/adapter';

/** What {@link nodeDelivery} needs: the request's headers and how this framework reads its body. */
export interface NodeDeliveryOptions<Context> {
  /** The header that carries the sender's proof, lower-case (`receiver.header`); `undefined` when the proof is in the body. */
  readonly headerName: string | undefined;
  /** The request's headers as Node parsed them (`req.headers`; Fastify's `request.headers`). */
  readonly headers: IncomingHttpHeaders;
  /** Reads the body, answering `too-large` past `limit` bytes (`readNodeBody` for a plain stream). */
  readonly readBody: (limit: number) => BodyContent | Promise<BodyContent>;
  /** What handlers get second, e.g. `{ req, res }`. */
  readonly context: Context;
}

/**
 * The delivery a receiver takes, built from Node's parsed headers: the delivery header, content
 * type, encoding and length, and any other header by name for the delivery id headers. Shared by
 * every adapter on `node:http` requests (this package, Express, Fastify) so they read headers alike.
 *
 * @example
 * await receiver.receive(nodeDelivery({ headerName: receiver.header, headers: req.headers, readBody, context }));
 */
export function nodeDelivery<Context>(options: NodeDeliveryOptions<Context>): Delivery<Context> {
  const { headerName, headers, readBody, context } = options;
  return {
    header: headerName === undefined ? undefined : (headers[headerName] as string | undefined),
    contentType: headers['content-type'],
    contentEncoding: headers['content-encoding'],
    contentLength: headers['content-length'],
    getHeader: (name) => firstValue(headers[name]),
    readBody,
    context,
  };
}

/** Node joins repeated custom headers with ", " but hands a few (set-cookie) over as an array. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
