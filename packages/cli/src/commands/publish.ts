import type { DeliveryRecord } from '@social-webhooks/emulator';
import { emulatorRequest } from '../args/emulator-request.js';
import { eventFlag } from '../args/event-flag.js';
import { FAULT_OPTIONS, faultFlags } from '../args/fault-flags.js';
import { neynarEventFlag, SENDER_OPTION, senderFlag } from '../args/neynar-flags.js';
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
  usage: 'publish --event NAME [--sender neynar] [--data JSON|@file] [--wait] [--duplicate] [--out-of-order] [--delay MS] [--disconnect]',
  options: {
    event: { type: 'string', valueName: 'NAME', description: "The event type (with --sender neynar, one of Neynar's: cast.created, …)." },
    ...SENDER_OPTION,
    data: {
      type: 'string',
      valueName: 'JSON|@file',
      description: "The payload (default: the documented sample of the event type, with a fresh id; Neynar's: its `data`).",
    },
    wait: { type: 'boolean', description: 'Wait for the deliveries to settle and show each answer (exit code 1 unless all delivered).' },
    ...FAULT_OPTIONS,
  },
  positionals: [],
  usesApi: true,
  emulatorOnly: true,
  examples: [
    'social-webhooks publish --event follow.created --wait',
    'social-webhooks publish --event profile.updated --data @profile.json',
    'social-webhooks publish --event follow.created --duplicate --disconnect',
    'social-webhooks publish --sender neynar --event cast.created --wait',
  ],
  async run(context) {
    const neynar = senderFlag(context.values, 'publish') === 'neynar';
    const eventName = neynar ? neynarEventFlag(context.values, 'publish') : eventFlag(context.values, 'publish');
    const dataText = stringFlag(context.values, 'data', 'publish');
    const data = dataText === undefined ? undefined : await readJsonArg('data', dataText, context.io.cwd, 'publish');
    const faults = faultFlags(context.values, 'publish');
    const rest = { ...(data !== undefined && { data }), ...(Object.keys(faults).length > 0 && { faults }) };
    // Neynar's events have their own route: `follow.created` names an event of both senders.
    const [path, body] = neynar
      ? ['/_emulator/neynar/events', { type: eventName, ...rest }]
      : ['/_emulator/events', { eventName, ...rest }];
    const answer = (await emulatorRequest(context, 'publish', 'POST', path, body)) as {
      matched: string[];
      deliveries: string[];
    };
    const published =
      answer.matched.length === 0
        ? [`Published ${neynar ? 'Neynar ' : ''}${eventName}: no webhook matched it.`]
        : [
            `Published ${neynar ? 'Neynar ' : ''}${eventName}: delivering to ${answer.matched.length} webhook(s): ${answer.matched.join(', ')}`,
          ];
    if (context.values.wait !== true) {
      print(context, answer, answer.matched.length === 0 ? published : [...published, 'See how it went: social-webhooks deliveries']);
      return EXIT_CODES.ok;
    }
    const deliveries: DeliveryRecord[] = await waitSettled(context, 'publish', answer.deliveries);
    print(context, { ...answer, settled: deliveries }, [...published, ...deliveries.flatMap(deliverySummary)]);
    return deliveries.every((d) => d.state === 'delivered') ? EXIT_CODES.ok : EXIT_CODES.failed;
  },
};
