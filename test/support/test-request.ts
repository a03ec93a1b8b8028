/** A request as the conformance rows describe it. */
export interface TestRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array<ArrayBuffer>;
  /** Send without content-length, in two chunks (chunked transfer coding). */
  readonly chunked?: boolean;
  /**
   * Send the first half of the body, then nothing more until the answer came (a client that
   * trickles, or stalls): chunked, as a stream that never ends by itself.
   */
  readonly stall?: boolean;
}

/** What a conformance check reads from an answer. */
export interface TestResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

export const bytes = (body: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => (typeof body === 'string' ? new TextEncoder().encode(body) : body);

function halves(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  const middle = Math.floor(body.byteLength / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(body.slice(0, middle));
      controller.enqueue(body.slice(middle));
      controller.close();
    },
  });
}

/** The first half of `body`, and then a stream that waits for ever (until the request is aborted). */
function stalled(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(body.slice(0, Math.floor(body.byteLength / 2)));
    },
    pull: () => new Promise<void>(() => undefined),
  });
}

/** The `fetch` init of a row's request: bytes, or a two-chunk stream without content-length. */
export function toRequestInit(req: TestRequest): RequestInit & { duplex?: 'half' } {
  const body = bytes(req.body);
  if (req.stall) return { method: 'POST', headers: req.headers, body: stalled(body), duplex: 'half' };
  return req.chunked
    ? { method: 'POST', headers: req.headers, body: halves(body), duplex: 'half' }
    : { method: 'POST', headers: req.headers, body };
}

/**
 * Sends a row's request with `fetch` and reads the answer whole; then aborts the request, which
 * ends a stalled body that the server answered without reading to its end.
 */
export async function fetchRow(url: string, req: TestRequest, read: (response: Response) => Promise<void> = async () => undefined): Promise<TestResponse> {
  const abort = new AbortController();
  try {
    const response = await fetch(url, { ...toRequestInit(req), signal: abort.signal });
    await read(response);
    return await fromResponse(response);
  } finally {
    abort.abort();
  }
}

export async function fromResponse(response: Response): Promise<TestResponse> {
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}
