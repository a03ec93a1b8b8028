import { NEYNAR_EVENT_NAMES, isNeynarEventName } from '@social-webhooks/core';
import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { CliError } from '../cli-error.js';
import type { Command, CommandContext } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** A webhook as Neynar's API answers it; the fields the command prints. */
interface NeynarWebhook {
  readonly webhook_id: string;
  readonly title: string;
  readonly target_url: string;
  readonly active: boolean;
  readonly secrets: readonly { readonly uid: string; readonly value: string; readonly expires_at: string | null }[];
  readonly subscription?: { readonly filters?: Readonly<Record<string, unknown>> };
}

const ACTIONS = ['create', 'list', 'delete'] as const;
const API = '/v2/farcaster/webhook/';

/**
 * `social-webhooks neynar create|list|delete`: Neynar's webhook management on the local emulator,
 * through the same API the SDK calls (`/v2/farcaster/webhook/`, `x-api-key`), so a shell loop needs
 * no SDK script. `create` prints the secret to give `neynarSender`.
 */
export const neynarCommand: Command = {
  name: 'neynar',
  summary: 'Create, list and delete Neynar webhooks on the local emulator; create prints the secret to use.',
  usage: 'neynar create --url URL --events NAME[,NAME…] [--name TEXT] [--subscription JSON|@file] | neynar list | neynar delete ID',
  options: {
    url: {
      type: 'string',
      valueName: 'URL',
      description: "Where the webhook delivers: your receiver's URL, e.g. http://localhost:3000/webhook.",
    },
    events: {
      type: 'string',
      valueName: 'NAME[,NAME…]',
      description: `The event types to subscribe to, comma-separated, each with no filter: ${NEYNAR_EVENT_NAMES.join(', ')}.`,
    },
    name: { type: 'string', valueName: 'TEXT', description: "The webhook's name (default local)." },
    subscription: {
      type: 'string',
      valueName: 'JSON|@file',
      description: 'Neynar\'s subscription object with its filters, e.g. {"cast.created":{"author_fids":[3]}}, instead of --events.',
    },
  },
  positionals: ['ACTION'],
  optionalPositionals: ['ID'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks neynar create --url http://localhost:3000/webhook --events cast.created,follow.created',
    `social-webhooks neynar create --url http://localhost:3000/webhook --subscription '{"cast.created":{"author_fids":[3]}}'`,
    'social-webhooks neynar list',
    'social-webhooks neynar delete 01HYDYEBHMANSVJ0JKSVK9W3VY',
  ],
  async run(context) {
    const action = context.positionals[0];
    if (action === 'create') return create(context);
    if (action === 'list') return list(context);
    if (action === 'delete') return remove(context);
    throw new CliError('usage_error', `neynar expects ${ACTIONS.join(', ')}; got ${JSON.stringify(action)}`, { command: 'neynar' });
  },
};

async function create(context: CommandContext): Promise<number> {
  const url = stringFlag(context.values, 'url', 'neynar', true);
  const subscription = await subscriptionOf(context);
  const name = stringFlag(context.values, 'name', 'neynar') ?? 'local';
  const { webhook } = (await emulatorRequest(context, 'neynar', 'POST', API, { name, url, subscription }, 'x-api-key')) as {
    webhook: NeynarWebhook;
  };
  const secret = webhook.secrets.at(-1)!.value;
  print(context, { webhook, secret }, [
    `Created Neynar webhook ${webhook.webhook_id} (${Object.keys(subscription).join(', ')} -> ${url}).`,
    '',
    'Its deliveries are signed in x-neynar-signature with this secret; give it to your receiver, e.g.:',
    '',
    `  NEYNAR_WEBHOOK_SECRET=${secret}`,
    '',
    'read with neynarSender({ secrets: () => process.env.NEYNAR_WEBHOOK_SECRET }).',
    `Publish an event to it: social-webhooks publish --sender neynar --event ${Object.keys(subscription)[0]!} --wait`,
  ]);
  return EXIT_CODES.ok;
}

async function list(context: CommandContext): Promise<number> {
  const { webhooks } = (await emulatorRequest(context, 'neynar', 'GET', `${API}list/`, undefined, 'x-api-key')) as {
    webhooks: NeynarWebhook[];
  };
  print(
    context,
    { webhooks },
    webhooks.length === 0
      ? ['No Neynar webhooks. Create one: social-webhooks neynar create --url URL --events cast.created']
      : webhooks.flatMap((webhook) => [
          `${webhook.webhook_id}  ${webhook.title}  ${webhook.target_url}${webhook.active ? '' : '  (inactive)'}`,
          `  events: ${Object.keys(webhook.subscription?.filters ?? {}).join(', ') || 'none'}`,
          ...webhook.secrets.map(
            (secret, index) =>
              `  secret ${secret.uid}: ${secret.value}${index === webhook.secrets.length - 1 ? ' (signs)' : ''}${secret.expires_at === null ? '' : `, ends ${secret.expires_at}`}`,
          ),
        ]),
  );
  return EXIT_CODES.ok;
}

async function remove(context: CommandContext): Promise<number> {
  const webhookId = context.positionals[1];
  if (webhookId === undefined || webhookId === '')
    throw new CliError('usage_error', 'neynar delete expects the webhook id: neynar delete ID (neynar list shows them)', {
      command: 'neynar',
    });
  const { webhook } = (await emulatorRequest(context, 'neynar', 'DELETE', API, { webhook_id: webhookId }, 'x-api-key')) as {
    webhook: NeynarWebhook;
  };
  print(context, { webhook }, [`Deleted Neynar webhook ${webhook.webhook_id} (${webhook.target_url}).`]);
  return EXIT_CODES.ok;
}

/** `--subscription` as given, or `--events` as a subscription with no filters; one of them is required. */
async function subscriptionOf(context: CommandContext): Promise<Record<string, unknown>> {
  const events = stringFlag(context.values, 'events', 'neynar');
  const given = stringFlag(context.values, 'subscription', 'neynar');
  if ((events === undefined) === (given === undefined))
    throw new CliError('usage_error', 'neynar create takes --events NAME[,NAME…] or --subscription JSON|@file (one of them)', {
      command: 'neynar',
    });
  if (given !== undefined) {
    const value = await readJsonArg('subscription', given, context.io.cwd, 'neynar');
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0)
      throw new CliError('invalid_input', '--subscription must be an object with at least one event type, e.g. {"cast.created":{}}', {
        command: 'neynar',
      });
    return value as Record<string, unknown>;
  }
  const names = events!.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !isNeynarEventName(name));
  if (unknown !== undefined)
    throw new CliError(
      'usage_error',
      `--events expects Neynar's event types, ${NEYNAR_EVENT_NAMES.join(', ')}; got ${JSON.stringify(unknown)}`,
      {
        command: 'neynar',
      },
    );
  return Object.fromEntries(names.map((name) => [name, {}]));
}
