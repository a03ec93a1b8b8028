import { DEFAULT_TIMEOUT_MS } from '@social-webhooks/client';
import { DEFAULT_HEADER, EVENT_NAMES, isEventName } from '@social-webhooks/core';
import { buildDelivery, type DeliveryInit } from '@social-webhooks/core/samples';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/**
 * `social-webhooks send`: delivers one event to a receiver exactly as the service does (docs/contract.md §Body forms):
 * a POST with a JSON body and the delivery header. The way to try a
 * receiver locally.
 */
export const sendCommand: Command = {
  name: 'send',
  summary: 'Deliver one event to a receiver as the service would; print its status and body.',
  usage: 'send --to URL --secret VALUE --event NAME [--data JSON|@file] [--flat] [--header NAME]',
  options: {
    to: { type: 'string', valueName: 'URL', description: "The receiver's URL, e.g. http://localhost:3000/webhook." },
    secret: { type: 'string', valueName: 'VALUE', description: 'The delivery header value (default: $WEBHOOK_SECRET).' },
    event: { type: 'string', valueName: 'NAME', description: `The event name; a documented sample payload is sent for ${EVENT_NAMES.join(', ')}.` },
    data: { type: 'string', valueName: 'JSON|@file', description: 'The payload to send instead of the sample (sent as is, not validated).' },
    flat: { type: 'boolean', description: 'Send the payload alone as the body (the flat form), not { eventName, data }.' },
    header: { type: 'string', valueName: 'NAME', description: `The delivery header's name (default ${DEFAULT_HEADER}).` },
  },
  positionals: [],
  usesApi: false,
  examples: [
    'social-webhooks send --to http://localhost:3000/webhook --secret "$WEBHOOK_SECRET" --event follow.created',
    'social-webhooks send --to http://localhost:3000/webhook --secret s3cret --event profile.updated --data @profile.json --flat',
  ],
  async run(context) {
    const to = receiverUrl(stringFlag(context.values, 'to', 'send', true));
    const secret = stringFlag(context.values, 'secret', 'send') ?? context.io.env.WEBHOOK_SECRET;
    if (secret === undefined || secret === '') throw new CliError('usage_error', 'missing --secret (or set WEBHOOK_SECRET)', { command: 'send' });
    const eventName = stringFlag(context.values, 'event', 'send', true);
    const dataText = stringFlag(context.values, 'data', 'send');
    const header = stringFlag(context.values, 'header', 'send') ?? DEFAULT_HEADER;
    const form = context.values.flat === true ? 'flat' : 'envelope';
    const init: DeliveryInit = { secret, eventName, form, header };
    const delivery = buildDelivery(dataText === undefined ? init : { ...init, data: await readJsonArg('data', dataText, context.io.cwd, 'send') });
    if (!isEventName(eventName) && !context.json) {
      context.io.stderr(`note: ${eventName} is not a documented event type; sending it anyway${dataText === undefined ? ' with {} as its data' : ''}.\n`);
    }
    const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    let body: string;
    try {
      // `manual`: a redirect is shown, not followed, as the service's gateway would not follow it.
      response = await fetch(to, { method: 'POST', headers: delivery.headers, body: delivery.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      body = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new CliError('timeout', `the receiver at ${to} did not answer within ${timeoutMs} ms (the service gives up after about 5 s)`, { cause: error });
      }
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new CliError('network_error', `could not reach the receiver at ${to}${cause}; is it running?`, { cause: error });
    }
    const ok = response.status >= 200 && response.status <= 299;
    print(context, { status: response.status, ok, body, sent: { to, eventName, form, header } }, [
      `POST ${to} (${eventName}, ${form} form, ${header})`,
      `${response.status} ${response.statusText}${ok ? '' : ' (the service would retry this delivery later)'}`,
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
    throw new CliError('usage_error', `--to expects an absolute URL such as http://localhost:3000/webhook, got ${JSON.stringify(text)}`, { command: 'send', cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError('usage_error', `--to expects an http(s) URL, got ${url.protocol}`, { command: 'send' });
  return url.href;
}
