import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { DEFAULT_HEADER, EVENT_NAMES, NEYNAR_EVENT_NAMES, NEYNAR_SIGNATURE_HEADER } from '@social-webhooks/core';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { SECRET_VARIABLES, SEND_SENDERS, prepareDelivery, senderFlag } from './send-delivery.js';

/**
 * `social-webhooks send`: delivers one event to a receiver exactly as its sender does: the founding
 * service's JSON body and delivery header (docs/contract.md §Body forms), or with `--sender neynar`
 * Neynar's body signed in `x-neynar-signature` (§Senders). The way to try a receiver locally.
 */
export const sendCommand: Command = {
  name: 'send',
  summary: 'Deliver one event to a receiver as the service would; print its status and body.',
  usage: 'send --to URL --event NAME [--sender airstack|neynar] [--secret VALUE | --forged] [--data JSON|@file] [--flat] [--header NAME]',
  options: {
    to: { type: 'string', valueName: 'URL', description: "The receiver's URL, e.g. http://localhost:3000/webhook." },
    sender: {
      type: 'string',
      valueName: 'NAME',
      description: `Whose delivery to send: ${SEND_SENDERS.join(' or ')} (default airstack, the founding service).`,
    },
    secret: {
      type: 'string',
      valueName: 'VALUE',
      description: "The delivery header value, or Neynar's webhook secret to sign with (default: $WEBHOOK_SECRET, $NEYNAR_WEBHOOK_SECRET).",
    },
    event: {
      type: 'string',
      valueName: 'NAME',
      description:
        `The event name; a sample payload is sent for ${EVENT_NAMES.join(', ')} ` +
        `(and with --sender neynar for ${NEYNAR_EVENT_NAMES.join(', ')}).`,
    },
    data: {
      type: 'string',
      valueName: 'JSON|@file',
      description: 'The payload to send instead of the sample (sent as is, not validated).',
    },
    forged: {
      type: 'boolean',
      description:
        "Send a forgery: signed with (or carrying) a random secret, not the webhook's. Exit code 0 when the receiver refuses it (4xx), 1 when it accepts it.",
    },
    flat: {
      type: 'boolean',
      description: 'Send the payload alone as the body (the flat form), not { eventName, data }. Founding service only.',
    },
    header: {
      type: 'string',
      valueName: 'NAME',
      description: `The delivery header's name (default ${DEFAULT_HEADER}; with --sender neynar, the signature header, default ${NEYNAR_SIGNATURE_HEADER}, e.g. x-hypersnap-signature).`,
    },
  },
  positionals: [],
  usesApi: false,
  examples: [
    'social-webhooks send --to http://localhost:3000/webhook --secret "$WEBHOOK_SECRET" --event follow.created',
    'social-webhooks send --to http://localhost:3000/webhook --secret s3cret --event profile.updated --data @profile.json --flat',
    'social-webhooks send --to http://localhost:3000/webhook --sender neynar --secret "$NEYNAR_WEBHOOK_SECRET" --event cast.created',
    'social-webhooks send --to http://localhost:3000/webhook --sender neynar --event cast.created --forged',
  ],
  async run(context) {
    const toFlag = stringFlag(context.values, 'to', 'send');
    if (toFlag === undefined)
      throw new CliError('usage_error', "missing --to, the receiver's URL: e.g. --to http://localhost:3000/webhook", { command: 'send' });
    const to = receiverUrl(toFlag);
    const sender = senderFlag(stringFlag(context.values, 'sender', 'send'));
    const forged = context.values.forged === true;
    const variable = SECRET_VARIABLES[sender];
    const given = stringFlag(context.values, 'secret', 'send');
    if (forged && given !== undefined)
      throw new CliError('usage_error', '--forged signs with a random secret: leave out --secret', { command: 'send' });
    const secret = forged ? randomSecret() : (given ?? context.io.env[variable]);
    if (secret === undefined || secret === '')
      throw new CliError('usage_error', `missing --secret (or set ${variable}); --forged sends a forgery, which needs none`, {
        command: 'send',
      });
    const eventName = stringFlag(context.values, 'event', 'send', true);
    const dataText = stringFlag(context.values, 'data', 'send');
    const { delivery, summary, sent, known } = await prepareDelivery({
      sender,
      secret,
      eventName,
      ...(dataText !== undefined && { data: await readJsonArg('data', dataText, context.io.cwd, 'send') }),
      flat: context.values.flat === true,
      header: stringFlag(context.values, 'header', 'send'),
    });
    if (!known && !context.json) {
      context.io.stderr(
        `note: ${eventName} is not a documented event type; sending it anyway${dataText === undefined ? ' with {} as its data' : ''}.\n`,
      );
    }
    const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    let body: string;
    try {
      // `manual`: a redirect is shown, not followed, as the service's gateway would not follow it.
      response = await fetch(to, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new CliError(
          'timeout',
          `the receiver at ${to} did not answer within ${timeoutMs} ms (the service gives up after about 5 s)`,
          { cause: error },
        );
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new CliError('network_error', `could not reach the receiver at ${to}${cause}; is it running?`, { cause: error });
    }
    const accepted = response.status >= 200 && response.status <= 299;
    // A forgery is meant to be refused: refused is the good outcome, accepted the alarming one.
    const ok = forged ? response.status >= 400 && response.status <= 499 : accepted;
    const verdict = forged
      ? accepted
        ? ' (the receiver ACCEPTED a forged delivery: check its secret)'
        : ok
          ? ' (refused, as a forgery should be)'
          : ''
      : accepted
        ? ''
        : ' (the service would retry this delivery later)';
    print(context, { status: response.status, ok, body, sent: { to, ...sent, ...(forged && { forged }) } }, [
      `POST ${to} (${summary}${forged ? ', FORGED: signed with a random secret' : ''})`,
      `${response.status} ${response.statusText}${verdict}`,
      ...(body === '' ? [] : [body]),
    ]);
    return ok ? EXIT_CODES.ok : EXIT_CODES.failed;
  },
};

function receiverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    throw new CliError('usage_error', `--to expects an absolute URL such as http://localhost:3000/webhook, got ${JSON.stringify(text)}`, {
      command: 'send',
      cause: error,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError('usage_error', `--to expects an http(s) URL, got ${url.protocol}`, { command: 'send' });
  return url.href;
}

/** A secret nobody configured: 32 random bytes, hex. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
