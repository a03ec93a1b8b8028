import { emulatorRequest } from '../args/emulator-request.js';
import { eventFlag } from '../args/event-flag.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** `social-webhooks publish`: has the emulator deliver an event to every matching webhook. */
export const publishCommand: Command = {
  name: 'publish',
  summary: 'Publish an event on the local emulator; it is delivered to every webhook whose filter matches.',
  usage: 'publish --event NAME [--data JSON|@file]',
  options: {
    event: { type: 'string', valueName: 'NAME', description: 'The event type.' },
    data: { type: 'string', valueName: 'JSON|@file', description: 'The payload (default: the documented sample of the event type).' },
  },
  positionals: [],
  usesApi: true,
  examples: ['social-webhooks publish --event follow.created', 'social-webhooks publish --event profile.updated --data @profile.json'],
  async run(context) {
    const eventName = eventFlag(context.values, 'publish');
    const dataText = stringFlag(context.values, 'data', 'publish');
    const data = dataText === undefined ? undefined : await readJsonArg('data', dataText, context.io.cwd, 'publish');
    const answer = (await emulatorRequest(context, 'publish', 'POST', '/_emulator/events', { eventName, ...(data !== undefined && { data }) })) as { matched: string[]; deliveries: string[] };
    const lines =
      answer.matched.length === 0
        ? [`Published ${eventName}: no webhook matched it.`]
        : [`Published ${eventName}: delivering to ${answer.matched.length} webhook(s): ${answer.matched.join(', ')}`, 'See how it went: social-webhooks deliveries'];
    print(context, answer, lines);
    return EXIT_CODES.ok;
  },
};
