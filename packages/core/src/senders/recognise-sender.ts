import { failure, type Stop } from '../result.js';

/** Reads a request header by its lower-case name (`Delivery.getHeader`). */
export type HeaderReader = (name: string) => string | null | undefined;

/**
 * A sender's mark: the header only its deliveries carry, and the option that builds a receiver for
 * them. Each sender's route reads the other senders' marks, so a delivery at the wrong route is
 * answered with the sender to configure rather than as a forgery of its own kind (issue 33, item 2).
 */
interface SenderMark {
  /** The sender's `name`: its own mark is never read at its own route. */
  readonly sender: string;
  /** The header that marks its deliveries, lower-case (the default name, the one the service sends). */
  readonly header: string;
  /** The answer that names it, built once. */
  readonly answer: Stop;
}

/**
 * The delivery's message and log hint, for a sender that is recognised. Static: neither quotes the
 * delivery nor its header's value.
 */
function mark(sender: string, header: string, what: string, configure: string): SenderMark {
  // One sentence serves as the answer's message and the log line's hint (the edge bundle counts bytes).
  const message = `This is ${what} (it carries ${header}), and this receiver is for another sender: ${configure}.`;
  return {
    sender,
    header,
    answer: Object.freeze({ ok: false, answer: Object.freeze({ ...failure('wrong_sender', message), hint: message }) }),
  };
}

const MARKS: readonly SenderMark[] = [
  mark('neynar', 'x-neynar-signature', 'a Neynar delivery', 'build the receiver with `sender: neynarSender({ secrets })`'),
  mark('airstack', 'x-airstack-webhook', 'a delivery of the founding service', 'build the receiver with its `secret` and no `sender`'),
];

/**
 * The answer for a delivery another sender signed, recognised by its header: 401 `wrong_sender`,
 * naming the sender to configure; `undefined` when it carries no other sender's mark (or the
 * adapter reads no other header). Called by each sender's header step when its own proof is
 * missing, so a genuine delivery of its own never pays for it.
 *
 * A Mini App event carries no header: its proof is its body (`{ header, payload, signature }`),
 * which a header route does not read before its proof is in (docs/contract.md §Header check), so
 * those routes name it in the hint of their missing-header refusal instead.
 */
export function recogniseOtherSender(self: string, headers: HeaderReader | undefined): Stop | undefined {
  if (headers === undefined) return undefined;
  for (const { sender, header, answer } of MARKS) {
    if (sender === self) continue;
    const value = headers(header);
    if (value !== null && value !== undefined && value !== '') return answer;
  }
  return undefined;
}

/** What a missing-header refusal's hint adds: a Mini App event is the usual request without one. */
export const MINI_APP_WITHOUT_HEADER =
  'A Mini App event (a JSON body of header, payload and signature, with no signature header) needs ' +
  '`sender: miniAppSender({ verifyAppKey })`.';
