import { DEFAULT_API_KEY, EmulatorError, startEmulator, type EmulatorOptions } from '@social-webhooks/emulator';
import { DEFAULT_HEADER } from '@social-webhooks/core';
import { SENDER_OPTION, senderFlag } from '../args/neynar-flags.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { Command, CommandContext } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/**
 * `social-webhooks emulate`: runs the local emulator of the service until interrupted (Ctrl-C or
 * SIGTERM), then stops it cleanly. It serves Neynar's webhook API too; `--sender neynar` prints how
 * to point Neynar's SDK at it.
 */
export const emulateCommand: Command = {
  name: 'emulate',
  summary: 'Run a local emulator of the service (management API, publishing, deliveries with retries).',
  usage:
    'emulate [--sender neynar] [--port N] [--host ADDRESS] [--key KEY] [--flat] [--header NAME] [--persist FILE] [--notification-interval-ms N] [--notifications-per-day N] [--miniapp-domain HOST]',
  options: {
    ...SENDER_OPTION,
    port: { type: 'string', valueName: 'N', description: 'The port to listen on (default 4010; 0 picks a free one).' },
    host: { type: 'string', valueName: 'ADDRESS', description: 'The address to listen on (default 127.0.0.1).' },
    key: { type: 'string', valueName: 'KEY', description: `The API key to accept (default ${DEFAULT_API_KEY}).` },
    flat: { type: 'boolean', description: 'Deliver the payload alone (the flat form) instead of { eventName, data }.' },
    header: { type: 'string', valueName: 'NAME', description: `The delivery header's name (default ${DEFAULT_HEADER}).` },
    persist: {
      type: 'string',
      valueName: 'FILE',
      description: 'Keep the webhooks and the delivery log in this JSON file across restarts (default: in memory).',
    },
    'notification-interval-ms': {
      type: 'string',
      valueName: 'N',
      description: 'Mini App notifications: the least time between two to one token, in ms (default 30000; 0 for none).',
    },
    'notifications-per-day': {
      type: 'string',
      valueName: 'N',
      description: 'Mini App notifications: how many one token receives in any 24 hours (default 100).',
    },
    'miniapp-domain': {
      type: 'string',
      valueName: 'HOST',
      description: "Mini App notifications: the app's domain a targetUrl must be on, e.g. app.example.com (default: not checked).",
    },
  },
  positionals: [],
  usesApi: false,
  examples: [
    'social-webhooks emulate --port 4010',
    'social-webhooks emulate --flat --key my-dev-key',
    'social-webhooks emulate --persist .emulator/state.json',
    'social-webhooks emulate --sender neynar',
    'social-webhooks emulate --notification-interval-ms 0 --miniapp-domain app.example.com',
  ],
  async run(context) {
    const sender = senderFlag(context.values, 'emulate');
    const portText = stringFlag(context.values, 'port', 'emulate') ?? '4010';
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
      throw new CliError('usage_error', `--port expects a port number, got ${JSON.stringify(portText)}`, { command: 'emulate' });
    const key = stringFlag(context.values, 'key', 'emulate') ?? DEFAULT_API_KEY;
    const host = stringFlag(context.values, 'host', 'emulate');
    const header = stringFlag(context.values, 'header', 'emulate');
    const persist = stringFlag(context.values, 'persist', 'emulate');
    const intervalMs = wholeFlag(context, 'notification-interval-ms');
    const perDay = wholeFlag(context, 'notifications-per-day');
    const miniAppDomain = stringFlag(context.values, 'miniapp-domain', 'emulate');
    const options: EmulatorOptions = {
      port: Number(portText),
      apiKeys: [key],
      bodyForm: context.values.flat === true ? 'flat' : 'envelope',
      ...(host !== undefined && { host }),
      ...(header !== undefined && { headerName: header }),
      ...(persist !== undefined && { persistPath: persist }),
      ...((intervalMs !== undefined || perDay !== undefined) && {
        notificationLimits: { ...(intervalMs !== undefined && { intervalMs }), ...(perDay !== undefined && { perDay }) },
      }),
      ...(miniAppDomain !== undefined && { miniAppDomain }),
    };
    const emulator = await startEmulator(options).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
        throw new CliError('usage_error', `port ${portText} is in use; pass another with --port N (0 picks a free one)`, {
          command: 'emulate',
          cause: error,
        });
      }
      // An unreadable --persist file: its message says what to do.
      if (error instanceof EmulatorError) throw new CliError('invalid_input', error.message, { command: 'emulate', cause: error });
      // An option the emulator refused (--notifications-per-day 0, a --miniapp-domain with a scheme): its message says how to fix it.
      if (error instanceof TypeError && error.message.startsWith('@social-webhooks/emulator:'))
        throw new CliError('usage_error', error.message, { command: 'emulate', cause: error });
      throw error;
    });
    if (sender === 'neynar') printNeynar(context, emulator.url, key);
    else
      print(context, { url: emulator.url, apiKey: key, page: `${emulator.url}/` }, [
        `Emulator of the service listening on ${emulator.url}`,
        `Watch deliveries, publish and replay in a browser: ${emulator.url}/`,
        'Point the client and the command line at it:',
        `  export WEBHOOKS_BASE_URL=${emulator.url}`,
        `  export WEBHOOKS_API_KEY=${key}`,
        'Then: social-webhooks create …, social-webhooks publish --event follow.created --wait, social-webhooks deliveries, social-webhooks replay ID',
        'Mini Apps: it is the Farcaster client and the hub too. Start your app with this, and verifyAppKeyWithNeynar asks this hub',
        `(or pass verifyAppKeyWithHub({ hubUrl: '${emulator.url}' })):`,
        `  export SOCIAL_WEBHOOKS_HUB_URL=${emulator.url}`,
        'Then: social-webhooks miniapp send --to URL --event miniapp_added --fid 3 --wait, social-webhooks miniapp notifications',
        'Ctrl-C stops it.',
      ]);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await emulator.stop();
    return EXIT_CODES.ok;
  },
};

function wholeFlag(context: CommandContext, name: string): number | undefined {
  const text = stringFlag(context.values, name, 'emulate');
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text))
    throw new CliError('usage_error', `--${name} expects a whole number, got ${JSON.stringify(text)}`, { command: 'emulate' });
  return Number(text);
}

function printNeynar(context: CommandContext, url: string, key: string): void {
  print(context, { url, apiKey: key, page: `${url}/`, sender: 'neynar', basePath: url }, [
    `Emulator of Neynar's webhooks listening on ${url} (the service's API is served there too)`,
    `Watch deliveries, publish and replay in a browser: ${url}/`,
    "Point Neynar's SDK at it (its webhook calls: publishWebhook, fetchWebhooks, lookupWebhook, updateWebhook, deleteWebhook, …):",
    `  new NeynarAPIClient(new Configuration({ apiKey: '${key}', basePath: '${url}' }))`,
    'and the command line:',
    `  export WEBHOOKS_BASE_URL=${url}`,
    `  export WEBHOOKS_API_KEY=${key}`,
    'Then: social-webhooks publish --sender neynar --event cast.created --wait, social-webhooks deliveries, social-webhooks rotate-secret WEBHOOK_ID',
    'Ctrl-C stops it.',
  ]);
}
