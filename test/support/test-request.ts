/** A request as the conformance rows describe it. */
export interface TestRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array<ArrayBuffer>;
  /** Send without content-length, in two chunks (chunked transfer coding). */
  readonly chunked?: boolean;
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

/** The `fetch` init of a row's request: bytes, or a two-chunk stream without content-length. */
export function toRequestInit(req: TestRequest): RequestInit & { duplex?: 'half' } {
  const body = bytes(req.body);
  return req.chunked
    ? { method: 'POST', headers: req.headers, body: halves(body), duplex: 'half' }
    : { method: 'POST', headers: req.headers, body };
}

export async function fromResponse(response: Response): Promise<TestResponse> {
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}
