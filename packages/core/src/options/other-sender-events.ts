import { isEventName } from '../schema/event-names.js';
import { MINI_APP_EVENT_NAMES } from '../senders/miniapp/event-names.js';
import { NEYNAR_EVENT_NAMES } from '../senders/neynar/event-names.js';

/** Another sender's events, and the `sender` option that receives them. */
const OTHER_SENDERS = [
  {
    names: MINI_APP_EVENT_NAMES as readonly string[],
    what: 'a Mini App event',
    sender: 'sender: miniAppSender({ verifyAppKey: verifyAppKeyWithNeynar({ apiKey: process.env.NEYNAR_API_KEY! }) })',
  },
  {
    names: NEYNAR_EVENT_NAMES as readonly string[],
    what: "one of Neynar's events",
    sender: 'sender: neynarSender({ secrets: process.env.NEYNAR_WEBHOOK_SECRET! })',
  },
] as const;

/**
 * With no `sender`, the receiver is the founding service's, which asks for `secret`; an `on` map
 * naming another sender's events (one the founding service does not send too: Neynar's
 * `follow.created` is both) means the `sender` option was forgotten. Answers the message that says
 * so, or `undefined`.
 */
export function forgottenSender(on: unknown): string | undefined {
  if (typeof on !== 'object' || on === null) return undefined;
  for (const name of Object.keys(on)) {
    if (isEventName(name)) continue;
    const other = OTHER_SENDERS.find(({ names }) => names.includes(name));
    if (other === undefined) continue;
    return (
      `\`on\` handles "${name}", ${other.what}, but no \`sender\` is given, so this receiver expects the founding ` +
      `service's deliveries (and its \`secret\`). Did you mean \`${other.sender}\`? Pass it beside \`on\`, without \`secret\`.`
    );
  }
  return undefined;
}
