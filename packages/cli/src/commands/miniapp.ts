import { MINI_APP_EVENT_NAMES, isMiniAppEventName } from '@social-webhooks/core';
import type { MiniAppDeliveryRecord, MiniAppSendResult, ReceivedNotification } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { CliError } from '../cli-error.js';
import type { Command, CommandContext } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { miniAppDeliverySummary, notificationSummary } from '../output/describe-miniapp.js';
import { print } from '../output/print.js';

const ACTIONS = ['send', 'deliveries', 'notifications'] as const;
const POLL_MS = 100;

/**
 * `social-webhooks miniapp`: the local emulator as a Farcaster client for a Mini App. `send` has it
 * sign one event with the user's app key and deliver it to the app's `webhookUrl` (the emulator's
 * hub route answers the key lookup); `deliveries` and `notifications` show what it sent and what the
 * app sent back.
 */
export const miniAppCommand: Command = {
  name: 'miniapp',
  summary: "Play a Farcaster client on the local emulator: sign and send a Mini App event to your app's webhookUrl.",
  usage:
    'miniapp send --to URL --event NAME --fid N [--app-fid N] [--notifications-off] [--details JSON|@file] [--domain HOST] [--wait] | miniapp deliveries | miniapp notifications',
  options: {
    to: { type: 'string', valueName: 'URL', description: "The Mini App's webhookUrl, e.g. http://localhost:3000/webhook." },
    event: { type: 'string', valueName: 'NAME', description: `The event: ${MINI_APP_EVENT_NAMES.join(', ')}.` },
    fid: { type: 'string', valueName: 'N', description: 'The user who added the app or changed its notifications.' },
    'app-fid': {
      type: 'string',
      valueName: 'N',
      description: "The Farcaster client's FID, which registered the user's app key (default 9152).",
    },
    'notifications-off': { type: 'boolean', description: 'miniapp_added: the user added the app with notifications off (no token).' },
    details: {
      type: 'string',
      valueName: 'JSON|@file',
      description: 'notificationDetails { url, token } to send instead of a token the emulator issues.',
    },
    domain: {
      type: 'string',
      valueName: 'HOST',
      description:
        "The Mini App's domain, e.g. app.example.com: a notification sent with the token issued must target it (default: the emulator's --miniapp-domain, or not checked).",
    },
    wait: { type: 'boolean', description: 'Wait for the delivery to settle and show each answer (exit code 1 unless delivered).' },
  },
  positionals: ['ACTION'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks miniapp send --to http://localhost:3000/webhook --event notifications_enabled --fid 3 --wait',
    'social-webhooks miniapp send --to http://localhost:3000/webhook --event miniapp_added --fid 3 --domain app.example.com',
    'social-webhooks miniapp send --to http://localhost:3000/webhook --event miniapp_added --fid 3 --notifications-off',
    'social-webhooks miniapp deliveries',
    'social-webhooks miniapp notifications --json',
  ],
  async run(context) {
    const action = context.positionals[0];
    if (action === 'deliveries') {
      const { deliveries } = (await emulatorRequest(context, 'miniapp', 'GET', '/_emulator/miniapp/deliveries')) as {
        deliveries: MiniAppDeliveryRecord[];
      };
      print(
        context,
        { deliveries },
        deliveries.length === 0 ? ['No Mini App deliveries yet.'] : deliveries.flatMap(miniAppDeliverySummary),
      );
      return EXIT_CODES.ok;
    }
    if (action === 'notifications') {
      const { notifications } = (await emulatorRequest(context, 'miniapp', 'GET', '/_emulator/miniapp/notifications')) as {
        notifications: ReceivedNotification[];
      };
      print(
        context,
        { notifications },
        notifications.length === 0 ? ['No notifications received yet.'] : notifications.flatMap(notificationSummary),
      );
      return EXIT_CODES.ok;
    }
    if (action !== 'send') {
      throw new CliError('usage_error', `ACTION must be one of ${ACTIONS.join(', ')}, got ${JSON.stringify(action)}`, {
        command: 'miniapp',
      });
    }
    return send(context);
  },
};

async function send(context: CommandContext): Promise<number> {
  const to = stringFlag(context.values, 'to', 'miniapp', true);
  const event = stringFlag(context.values, 'event', 'miniapp', true);
  if (!isMiniAppEventName(event)) {
    throw new CliError('usage_error', `--event expects one of ${MINI_APP_EVENT_NAMES.join(', ')}, got ${JSON.stringify(event)}`, {
      command: 'miniapp',
    });
  }
  const appFid = wholeFlag(context, 'app-fid', 0);
  const detailsText = stringFlag(context.values, 'details', 'miniapp');
  const domain = stringFlag(context.values, 'domain', 'miniapp');
  const body = {
    to,
    event,
    fid: wholeFlag(context, 'fid', 1) ?? missing('fid'),
    ...(appFid !== undefined && { appFid }),
    ...(context.values['notifications-off'] === true && { notifications: false }),
    ...(detailsText !== undefined && { notificationDetails: await readJsonArg('details', detailsText, context.io.cwd, 'miniapp') }),
    ...(domain !== undefined && { domain }),
  };
  const sent = (await emulatorRequest(context, 'miniapp', 'POST', '/_emulator/miniapp/events', body)) as MiniAppSendResult;
  const lines = [`Sent ${event} of fid ${sent.fid} (client ${sent.appFid}, app key ${sent.appKey}) to ${to}: delivery ${sent.deliveryId}`];
  if (context.values.wait !== true) {
    print(context, sent, [...lines, 'See how it went: social-webhooks miniapp deliveries']);
    return EXIT_CODES.ok;
  }
  const delivery = await settled(context, sent.deliveryId);
  print(context, { ...sent, settled: delivery }, [...lines, ...miniAppDeliverySummary(delivery)]);
  return delivery.state === 'delivered' ? EXIT_CODES.ok : EXIT_CODES.failed;
}

/** Polls the emulator until the delivery has settled, within `--timeout` (default 30 s). */
async function settled(context: CommandContext, deliveryId: string): Promise<MiniAppDeliveryRecord> {
  const deadline = Date.now() + (context.timeoutMs ?? 30_000);
  const path = `/_emulator/miniapp/deliveries/${encodeURIComponent(deliveryId)}`;
  for (;;) {
    const { delivery } = (await emulatorRequest(context, 'miniapp', 'GET', path)) as { delivery: MiniAppDeliveryRecord };
    if (delivery.state !== 'pending') return delivery;
    if (Date.now() > deadline) {
      throw new CliError(
        'timeout',
        `delivery ${deliveryId} is still pending; see it with social-webhooks miniapp deliveries, or raise --timeout`,
        {
          command: 'miniapp',
        },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function wholeFlag(context: CommandContext, name: string, min: number): number | undefined {
  const text = stringFlag(context.values, name, 'miniapp');
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
    throw new CliError('usage_error', `--${name} expects a whole number${min > 0 ? `, ${min} or more` : ''}, got ${JSON.stringify(text)}`, {
      command: 'miniapp',
    });
  }
  return Number(text);
}

function missing(name: string): never {
  throw new CliError('usage_error', `missing --${name}`, { command: 'miniapp' });
}
