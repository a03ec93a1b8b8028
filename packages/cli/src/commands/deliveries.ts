import type { DeliveryRecord } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** `social-webhooks deliveries`: the emulator's delivery log, every attempt. */
export const deliveriesCommand: Command = {
  name: 'deliveries',
  summary: "Show the local emulator's delivery log: each attempt's time, status or error, and latency.",
  usage: 'deliveries [--webhook ID]',
  options: {
    webhook: { type: 'string', valueName: 'ID', description: 'Only the deliveries of this webhook.' },
  },
  positionals: [],
  usesApi: true,
  examples: ['social-webhooks deliveries', 'social-webhooks deliveries --webhook 01HYDYEBHMANSVJ0JKSVK9W3VY --json'],
  async run(context) {
    const webhookId = stringFlag(context.values, 'webhook', 'deliveries');
    const path = webhookId === undefined ? '/_emulator/deliveries' : `/_emulator/deliveries?webhook_id=${encodeURIComponent(webhookId)}`;
    const { deliveries } = (await emulatorRequest(context, 'deliveries', 'GET', path)) as { deliveries: DeliveryRecord[] };
    const lines = deliveries.length === 0 ? ['No deliveries yet.'] : deliveries.flatMap(describe);
    print(context, { deliveries }, lines);
    return EXIT_CODES.ok;
  },
};

function describe(delivery: DeliveryRecord): string[] {
  return [
    `${delivery.eventName} -> ${delivery.endpoint} (webhook ${delivery.webhookId}): ${delivery.state}`,
    ...delivery.attempts.map((a) => `  #${a.attempt} ${a.at}  ${a.status ?? a.error}  ${a.latencyMs} ms`),
  ];
}
