import type { DeliveryRecord } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { eventFlag } from '../args/event-flag.js';
import { FAULT_OPTIONS, faultFlags } from '../args/fault-flags.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { waitSettled } from '../args/wait-settled.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { deliverySummary } from '../output/describe-delivery.js';
import { print } from '../output/print.js';

/** `social-webhooks publish`: has the emulator deliver an event to every matching webhook. */
export const publishCommand: Command = {
  name: 'publish',
  summary: 'Publish an event on the local emulator; it is delivered to every webhook whose filter matches.',
  usage: 'publish --event NAME [--data JSON|@file] [--wait] [--duplicate] [--out-of-order] [--delay MS] [--disconnect]',
  options: {
    event: { type: 'string', valueName: 'NAME', description: 'The event type.' },
    data: { type: 'string', valueName: 'JSON|@file', description: 'The payload (default: the documented sample of the event type, with a fresh id).' },
    wait: { type: 'boolean', description: 'Wait for the deliveries to settle and show each answer (exit code 1 unless all delivered).' },
    ...FAULT_OPTIONS,
  },
  positionals: [],
  usesApi: true,
  examples: [
    'social-webhooks publish --event follow.created --wait',
    'social-webhooks publish --event profile.updated --data @profile.json',
    'social-webhooks publish --event follow.created --duplicate --disconnect',
  ],
  async run(context) {
    const eventName = eventFlag(context.values, 'publish');
    const dataText = stringFlag(context.values, 'data', 'publish');
    const data = dataText === undefined ? undefined : await readJsonArg('data', dataText, context.io.cwd, 'publish');
    const faults = faultFlags(context.values, 'publish');
    const body = { eventName, ...(data !== undefined && { data }), ...(Object.keys(faults).length > 0 && { faults }) };
    const answer = (await emulatorRequest(context, 'publish', 'POST', '/_emulator/events', body)) as { matched: string[]; deliveries: string[] };
    const published =
      answer.matched.length === 0
        ? [`Published ${eventName}: no webhook matched it.`]
        : [`Published ${eventName}: delivering to ${answer.matched.length} webhook(s): ${answer.matched.join(', ')}`];
    if (context.values.wait !== true) {
      print(context, answer, answer.matched.length === 0 ? published : [...published, 'See how it went: social-webhooks deliveries']);
      return EXIT_CODES.ok;
    }
    const deliveries: DeliveryRecord[] = await waitSettled(context, 'publish', answer.deliveries);
    print(context, { ...answer, settled: deliveries }, [...published, ...deliveries.flatMap(deliverySummary)]);
    return deliveries.every((d) => d.state === 'delivered') ? EXIT_CODES.ok : EXIT_CODES.failed;
  },
};
