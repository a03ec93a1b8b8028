import { parseBody } from '../../body/parse-body.js';
import { EVENT_NAMES } from '../../schema/event-names.js';
import type { WebhookEvent } from '../../schema/types.js';
import { DEFAULT_DELIVERY_ID_HEADERS } from '../../dedupe/delivery-id.js';
import { WebhookError } from '../../errors.js';
import type { EventName } from '../../schema/event-names.js';
import type { Sender, SenderSetup, SenderSteps } from '../sender.js';
import { createHeaderCheck, type SecretSupply } from './check-header.js';
import { deferSecret } from './deferred-secret.js';
import { toSecretEntries, type SecretEntry, type SecretOption, type SecretSource } from './secret-entries.js';
import { toEvent } from './to-event.js';
import { AIRSTACK_HINTS } from './hints.js';

/** The delivery header of the founding service (docs/contract.md §Sender). */
export const DEFAULT_HEADER = 'x-airstack-webhook';

/** The founding service's events by name. */
export type AirstackEvents = { readonly [Name in EventName]: WebhookEvent<Name> };

/** What {@link airstackSender} takes: the receiver's `secret` and `header` options. */
export interface AirstackSenderOptions {
  /** The header value(s) to accept; see {@link SecretOption}. A function defers reading it to the first delivery. */
  readonly secret: SecretOption | SecretSource;
  /** The delivery header's name, case-insensitive. Default `x-airstack-webhook`. */
  readonly header?: string | undefined;
}

// RFC 9110 §5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * The founding service (docs/contract.md §Sender): a static header value compared in constant time,
 * an envelope or a flat body, four events. The default sender: `webhookHandler({ secret, on })`
 * builds it from the `secret` and `header` options. Option mistakes throw `invalid_options` when
 * the receiver is built.
 */
export function airstackSender(options: AirstackSenderOptions): Sender<AirstackEvents> {
  const { secret } = options;
  const header = (options.header ?? DEFAULT_HEADER).toLowerCase();
  return {
    name: 'airstack',
    eventNames: EVENT_NAMES,
    deliveryIdHeaders: DEFAULT_DELIVERY_ID_HEADERS,
    keyPrefix: '',
    payloadIdKeys: true,
    hints: AIRSTACK_HINTS,
    start({ source, logger }: SenderSetup): SenderSteps<SecretEntry> {
      if (options.header !== undefined && (typeof options.header !== 'string' || !TOKEN.test(header))) {
        throw new WebhookError(
          'invalid_options',
          `${source}: \`header\` must be an HTTP header name such as "${DEFAULT_HEADER}"; got ${JSON.stringify(options.header)}.`,
        );
      }
      const supply: SecretSupply =
        typeof secret === 'function'
          ? // Through the resolved logger: the default console logger rate-limits it, `logger: false` silences it.
            // The message once, and beside it what the function threw, if it threw, never the WebhookError that repeats it.
            {
              load: deferSecret(secret, source),
              onUnavailable: ({ message, code, cause }) => logger.error(message, cause === undefined ? { code } : { code, error: cause }),
            }
          : { entries: toSecretEntries(secret, source) };
      return {
        header,
        checkHeader: createHeaderCheck(header, supply),
        // The header alone proves the delivery: the body's JSON value is all `readEvent` needs.
        readsParsedBody: true,
        readEvent(content, entry) {
          const body = parseBody(content);
          return body.ok ? toEvent(body.value, entry) : body;
        },
      };
    },
  };
}
