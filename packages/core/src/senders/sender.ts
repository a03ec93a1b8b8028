import type { ReadBody } from '../delivery.js';
import type { Hints } from '../observe/hints.js';
import type { ResolvedLogger } from '../observe/logger.js';
import type { Step } from '../result.js';
import type { AnyEvent, UnknownWebhookEvent } from '../schema/types.js';
import type { HeaderReader } from './recognise-sender.js';

export type { AnyEvent, UnknownWebhookEvent };

/** A sender's events by name: the type each handler of the `on` map is given. */
export type EventMap = { readonly [Name in string]: AnyEvent };

/**
 * The event a delivery carries: one of its sender's documented events, validated (`known`), or
 * another name, whose data is handed on unchecked. `known` travels with the event to the handler
 * step, so it never needs to be worked out, nor the type asserted, twice.
 */
export type ReceivedEvent =
  { readonly known: true; readonly event: AnyEvent } | { readonly known: false; readonly event: UnknownWebhookEvent };

/** What a sender is given when a receiver is built: the package that names errors, and the logger. */
export interface SenderSetup {
  /** The package name that starts error messages, e.g. `@social-webhooks/express`. */
  readonly source: string;
  /** The receiver's logger (rate-limited by default, silent with `logger: false`). */
  readonly logger: ResolvedLogger;
}

/**
 * A sender's two steps, built once per receiver (docs/contract.md §Senders). The pipeline runs
 * `checkHeader` before a byte of the body is read, and `readEvent` once the body is in, within the
 * body limit and deadline; it never asks which sender it runs.
 */
export interface SenderSteps<Proof = unknown> {
  /**
   * The request header that carries the proof, lower-case: its value is what `checkHeader` gets.
   * `undefined` when the proof is in the body (a Mini App event): `checkHeader` then gets `undefined`.
   */
  readonly header: string | undefined;
  /**
   * The first step: what the header alone decides (401 for an absent or malformed proof), and what
   * it hands on to `readEvent`. Synchronous once its secrets are known. `headers` reads any other
   * request header (absent where the adapter cannot): a sender whose own proof is missing reads the
   * other senders' marks with it (`recogniseOtherSender`), to answer 401 `wrong_sender`.
   */
  checkHeader(value: string | null | undefined, headers?: HeaderReader): Step<Proof> | Promise<Step<Proof>>;
  /**
   * The last step before the handler: proves the body genuine where the proof needs it, parses it,
   * and names its event. Never throws nor rejects.
   */
  readEvent(content: ReadBody, proof: Proof): Step<ReceivedEvent> | Promise<Step<ReceivedEvent>>;
  /**
   * Whether `readEvent` needs nothing of the body but its JSON value, so that it accepts a body the
   * runtime already parsed (`{ kind: 'parsed' }`): an adapter may then read a body of declared
   * length with the runtime's own JSON read (`request.json()`), its fastest. Absent or `false`:
   * `readEvent` gets the body's bytes as they arrived (or a framework's text or value where a body
   * parser ran first), which a proof over the exact bytes (an HMAC) needs.
   */
  readonly readsParsedBody?: boolean;
  /**
   * Whether the proof header's value holds no secret (an HMAC of the body, as Neynar's signature),
   * so an archive may keep it beside the body. Absent or `false`: an archive never keeps it (the
   * founding service's header value is the secret itself).
   */
  readonly publicProofHeader?: boolean;
}

/**
 * A sender: how its deliveries are proven genuine and what their bodies and events are. The
 * founding service is the default (`secret` and `header` options); `neynarSender()` and
 * `miniAppSender()` are the others. `Events` types the `on` map.
 */
export interface Sender<Events extends EventMap = EventMap> {
  /** A short stable name (`airstack`, `neynar`, `miniapp`): in logs, spans, queued jobs and delivery keys. */
  readonly name: string;
  /** The documented event names: a handler under any other name is refused at start-up. */
  readonly eventNames: readonly (keyof Events & string)[];
  /** The headers that carry a delivery id the sender keeps across retries, most trusted first (the `deliveryIdHeaders` default). */
  readonly deliveryIdHeaders: readonly string[];
  /**
   * Prefixes the sender's delivery keys so two senders sharing one dedupe store never collide
   * (`neynar:`); the founding sender's is empty, so its keys stay as they were.
   */
  readonly keyPrefix: string;
  /** Whether the payload's `id` field identifies a delivery across retries (the founding service's does). */
  readonly payloadIdKeys: boolean;
  /**
   * Whether identical bodies with no delivery id are one delivery, keyed by the body's SHA-256
   * (default `true`). `false` where identical bodies can be different events: Mini App events carry
   * no time nor nonce, so a user who removes, adds and removes the app sends the same body twice.
   */
  readonly bodyHashKeys?: boolean;
  /** What to check for each of the sender's own error codes, on the log line that reports one (the pipeline's own codes have theirs). */
  readonly hints?: Hints;
  /** Builds the two steps for one receiver; throws `invalid_options` for a sender's own option mistakes. */
  start(setup: SenderSetup): SenderSteps;
  /** The event types, for inference only: never set at run time. */
  readonly '~events'?: Events;
}

/** The event union of a sender's event map. */
export type EventOf<Events extends EventMap> = Events[keyof Events & string];
