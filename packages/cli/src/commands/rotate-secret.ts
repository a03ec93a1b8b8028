import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

interface Secret {
  readonly uid: string;
  readonly value: string;
  readonly expires_at: string;
}

/**
 * `social-webhooks rotate-secret WEBHOOK_ID`: rotates a Neynar webhook's secret on the local
 * emulator (Neynar rotates from its dashboard; its API has no call for it). The new secret signs
 * from now on; the older ones keep verifying until the grace period ends.
 */
export const rotateSecretCommand: Command = {
  name: 'rotate-secret',
  summary: "Rotate a Neynar webhook's secret on the local emulator; the old one keeps verifying for a grace period.",
  usage: 'rotate-secret WEBHOOK_ID [--grace SECONDS]',
  options: {
    grace: {
      type: 'string',
      valueName: 'SECONDS',
      description: 'How long the old secrets keep verifying (default 86400, a day; 0 ends them now).',
    },
  },
  positionals: ['WEBHOOK_ID'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks rotate-secret 01HYDYEBHMANSVJ0JKSVK9W3VY',
    'social-webhooks rotate-secret 01HYDYEBHMANSVJ0JKSVK9W3VY --grace 0',
  ],
  async run(context) {
    const webhookId = context.positionals[0]!;
    const grace = stringFlag(context.values, 'grace', 'rotate-secret');
    if (grace !== undefined && (!/^\d{1,8}$/.test(grace) || Number(grace) > 31_536_000))
      throw new CliError('usage_error', `--grace expects a whole number of seconds up to 31536000 (a year), got ${JSON.stringify(grace)}`, {
        command: 'rotate-secret',
      });
    const path = `/_emulator/neynar/webhooks/${encodeURIComponent(webhookId)}/rotate-secret`;
    const answer = (await emulatorRequest(
      context,
      'rotate-secret',
      'POST',
      path,
      grace === undefined ? {} : { grace_seconds: Number(grace) },
    )) as {
      webhook: { secrets: Secret[] };
    };
    const { secrets } = answer.webhook;
    const newest = secrets.at(-1)!;
    print(context, answer, [
      `Webhook ${webhookId}: a new secret signs from now on.`,
      ...secrets.map((secret) => `  ${secret.uid}  ${secret === newest ? 'new' : `ends ${secret.expires_at}`}  ${secret.value}`),
      "Give your receiver every secret still in force (neynarSender({ secrets: webhook.secrets }) takes the list as the SDK's lookupWebhook answers it).",
    ]);
    return EXIT_CODES.ok;
  },
};
