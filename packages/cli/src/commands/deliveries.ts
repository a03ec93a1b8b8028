import type { DeliveryRecord } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { stringFlag } from '../args/parse-command-args.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { deliveryDetail, deliverySummary } from '../output/describe-delivery.js';
import { print } from '../output/print.js';

/** `social-webhooks deliveries [ID]`: the emulator's delivery log, or one delivery in full. */
export const deliveriesCommand: Command = {
  name: 'deliveries',
  summary: "Show the local emulator's delivery log (each attempt's status and answer), or one delivery in full.",
  usage: 'deliveries [DELIVERY_ID] [--webhook ID]',
  options: {
    webhook: { type: 'string', valueName: 'ID', description: 'Only the deliveries of this webhook.' },
  },
  positionals: [],
  optionalPositionals: ['DELIVERY_ID'],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks deliveries',
    'social-webhooks deliveries --webhook 01HYDYEBHMANSVJ0JKSVK9W3VY --json',
    'social-webhooks deliveries 0b6e3c1e-5a47-4ad4-9a43-6f8fdc0e1b2c',
  ],
  async run(context) {
    const [deliveryId] = context.positionals;
    if (deliveryId !== undefined) {
      const path = `/_emulator/deliveries/${encodeURIComponent(deliveryId)}`;
      const { delivery } = (await emulatorRequest(context, 'deliveries', 'GET', path)) as { delivery: DeliveryRecord };
      print(context, { delivery }, deliveryDetail(delivery));
      return EXIT_CODES.ok;
    }
    const webhookId = stringFlag(context.values, 'webhook', 'deliveries');
    const path = webhookId === undefined ? '/_emulator/deliveries' : `/_emulator/deliveries?webhook_id=${encodeURIComponent(webhookId)}`;
    const { deliveries } = (await emulatorRequest(context, 'deliveries', 'GET', path)) as { deliveries: DeliveryRecord[] };
    const lines =
      deliveries.length === 0
        ? ['No deliveries yet.']
        : [...deliveries.flatMap(deliverySummary), '', 'One in full: social-webhooks deliveries DELIVERY_ID'];
    print(context, { deliveries }, lines);
    return EXIT_CODES.ok;
  },
};
