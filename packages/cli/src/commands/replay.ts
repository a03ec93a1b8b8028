import type { DeliveryRecord } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import { waitSettled } from '../args/wait-settled.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { deliverySummary } from '../output/describe-delivery.js';
import { print } from '../output/print.js';
import { ARCHIVE_REPLAY_OPTIONS, replayArchive } from './replay-archive.js';

/** `social-webhooks replay`: redelivers one logged delivery, or every failed one, as it was. */
export const replayCommand: Command = {
  name: 'replay',
  summary:
    'Redeliver a delivery of the local emulator as it was (same body, same delivery id), or every failed one; with --archive, replay a window of the delivery archive in Redis or PostgreSQL.',
  usage:
    'replay (DELIVERY_ID | --failed [--webhook ID]) [--wait]\n       replay --archive [--postgres URL] [--since TIME] [--until TIME] [--sender NAME] [--event NAME] [--code CODE] (--dry-run | --queue NAME) [--force] [--rate N] [--checkpoint NAME]',
  options: {
    ...ARCHIVE_REPLAY_OPTIONS,
    failed: { type: 'boolean', description: 'Replay every failed delivery.' },
    webhook: { type: 'string', valueName: 'ID', description: 'With --failed: only those of this webhook.' },
    wait: { type: 'boolean', description: 'Wait for the replays to settle and show how they went (exit code 1 unless all delivered).' },
  },
  positionals: [],
  optionalPositionals: ['DELIVERY_ID'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks replay 0b6e3c1e-5a47-4ad4-9a43-6f8fdc0e1b2c --wait',
    'social-webhooks replay --failed',
    'social-webhooks replay --archive --since 2026-11-28T14:00:00Z --until 2026-11-28T16:00:00Z --dry-run',
    'social-webhooks replay --archive --sender neynar --since 2026-11-28T14:00:00Z --queue webhooks --checkpoint fix-1',
  ],
  async run(context) {
    if (context.values.archive === true) return replayArchive(context);
    const [deliveryId] = context.positionals;
    const failed = context.values.failed === true;
    if ((deliveryId === undefined) === !failed)
      throw new CliError('usage_error', 'give either a DELIVERY_ID (see social-webhooks deliveries) or --failed', { command: 'replay' });
    let ids: string[];
    if (deliveryId !== undefined) {
      await emulatorRequest(context, 'replay', 'POST', `/_emulator/deliveries/${encodeURIComponent(deliveryId)}/replay`);
      ids = [deliveryId];
    } else {
      const webhookId = stringFlag(context.values, 'webhook', 'replay');
      const answer = (await emulatorRequest(
        context,
        'replay',
        'POST',
        '/_emulator/deliveries/replay',
        webhookId === undefined ? {} : { webhook_id: webhookId },
      )) as { replayed: string[] };
      ids = answer.replayed;
    }
    if (context.values.wait !== true) {
      print(
        context,
        { replayed: ids },
        ids.length === 0
          ? ['No failed delivery to replay.']
          : [`Replaying ${ids.join(', ')}.`, 'See how it went: social-webhooks deliveries DELIVERY_ID'],
      );
      return EXIT_CODES.ok;
    }
    const deliveries: DeliveryRecord[] = await waitSettled(context, 'replay', ids);
    print(
      context,
      { replayed: ids, deliveries },
      ids.length === 0 ? ['No failed delivery to replay.'] : deliveries.flatMap(deliverySummary),
    );
    return deliveries.every((d) => d.state === 'delivered') ? EXIT_CODES.ok : EXIT_CODES.failed;
  },
};
