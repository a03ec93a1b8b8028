import { emulatorRequest } from '../args/emulator-request.js';
import { FAULT_OPTIONS, faultFlags } from '../args/fault-flags.js';
import { CliError } from '../cli-error.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** `social-webhooks faults WEBHOOK_ID`: sets the faults every delivery to a webhook gets. */
export const faultsCommand: Command = {
  name: 'faults',
  summary: 'Inject faults into every delivery to a webhook of the local emulator (or --clear them).',
  usage: 'faults WEBHOOK_ID [--duplicate] [--out-of-order] [--delay MS] [--disconnect] [--clear]',
  options: {
    ...FAULT_OPTIONS,
    clear: { type: 'boolean', description: 'Remove every fault of the webhook.' },
  },
  positionals: ['WEBHOOK_ID'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks faults 01HYDYEBHMANSVJ0JKSVK9W3VY --duplicate --delay 500',
    'social-webhooks faults 01HYDYEBHMANSVJ0JKSVK9W3VY --clear',
  ],
  async run(context) {
    const webhookId = context.positionals[0]!;
    const faults = faultFlags(context.values, 'faults');
    const clear = context.values.clear === true;
    if (clear === Object.keys(faults).length > 0)
      throw new CliError(
        'usage_error',
        'give at least one fault flag (--duplicate, --out-of-order, --delay MS, --disconnect), or --clear alone',
        { command: 'faults' },
      );
    const path = `/_emulator/webhooks/${encodeURIComponent(webhookId)}/faults`;
    const answer = (await emulatorRequest(context, 'faults', clear ? 'DELETE' : 'PUT', path, clear ? undefined : faults)) as {
      faults: Record<string, unknown>;
    };
    const names = Object.entries(answer.faults).map(([name, value]) => (value === true ? name : `${name}=${String(value)}`));
    print(context, answer, [
      names.length === 0 ? `Webhook ${webhookId}: no faults.` : `Webhook ${webhookId}: every delivery gets ${names.join(', ')}.`,
    ]);
    return EXIT_CODES.ok;
  },
};
