import { DEFAULT_HEADER, NEYNAR_SIGNATURE_HEADER, isEventName, isNeynarEventName } from '@social-webhooks/core';
import { buildDelivery, buildNeynarDelivery, type BuiltDelivery } from '@social-webhooks/core/samples';
import { CliError } from '../cli-error.js';

/** The senders `send --sender` delivers as. */
export const SEND_SENDERS = ['airstack', 'neynar'] as const;
export type SendSender = (typeof SEND_SENDERS)[number];

/** What `send` asked for, once its flags are read. */
export interface SendRequest {
  readonly sender: SendSender;
  readonly secret: string;
  readonly eventName: string;
  /** `--data`, parsed; absent: the sample of `eventName`. */
  readonly data?: unknown;
  /** The founding sender's `--flat` and `--header`; refused for another sender. */
  readonly flat: boolean;
  readonly header: string | undefined;
}

/** A delivery to send, and how to describe it in the output. */
export interface PreparedDelivery {
  readonly delivery: BuiltDelivery;
  /** The line's parenthesis: `follow.created, envelope form, x-airstack-webhook`. */
  readonly summary: string;
  /** What `--json` reports as `sent`, beside `to`. */
  readonly sent: Readonly<Record<string, string>>;
  /** Whether the sender documents the event name (else a note says it is sent anyway). */
  readonly known: boolean;
}

/**
 * Builds the delivery as its sender sends it: the founding service's header value and body form,
 * or Neynar's `{ created_at, type, data }` signed in `x-neynar-signature` with the secret.
 */
export async function prepareDelivery(request: SendRequest): Promise<PreparedDelivery> {
  const { sender, secret, eventName } = request;
  const data = 'data' in request ? { data: request.data } : {};
  if (sender === 'neynar') {
    if (request.flat) {
      throw new CliError('usage_error', "--flat is the founding service's; Neynar sends one body form, { created_at, type, data }", {
        command: 'send',
      });
    }
    const built = await buildNeynarDelivery({ secret, type: eventName, ...data });
    // --header names the signature header for a sender that signs as Neynar does under another name
    // (Hypersnap: x-hypersnap-signature; neynarSender's signatureHeader).
    const header = request.header?.toLowerCase() ?? NEYNAR_SIGNATURE_HEADER;
    const { [NEYNAR_SIGNATURE_HEADER]: signature, ...rest } = built.headers;
    const delivery = header === NEYNAR_SIGNATURE_HEADER ? built : { body: built.body, headers: { ...rest, [header]: signature! } };
    return {
      delivery,
      summary: `${eventName}, signed as Neynar signs it, ${header}`,
      sent: { sender, eventName, header },
      known: isNeynarEventName(eventName),
    };
  }
  const header = request.header ?? DEFAULT_HEADER;
  const form = request.flat ? 'flat' : 'envelope';
  return {
    delivery: buildDelivery({ secret, eventName, form, header, ...data }),
    summary: `${eventName}, ${form} form, ${header}`,
    sent: { sender, eventName, form, header },
    known: isEventName(eventName),
  };
}

/** The sender named by `--sender`, `airstack` when absent. */
export function senderFlag(value: string | undefined): SendSender {
  if (value === undefined) return 'airstack';
  if ((SEND_SENDERS as readonly string[]).includes(value)) return value as SendSender;
  throw new CliError('usage_error', `--sender expects one of ${SEND_SENDERS.join(', ')}, got ${JSON.stringify(value)}`, {
    command: 'send',
  });
}

/** Where a sender's secret is read from when `--secret` is absent. */
export const SECRET_VARIABLES: { readonly [S in SendSender]: string } = {
  airstack: 'WEBHOOK_SECRET',
  neynar: 'NEYNAR_WEBHOOK_SECRET',
};
