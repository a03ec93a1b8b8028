import { connect } from '../args/connect.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readConfig } from '../args/read-config.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** `social-webhooks create`: creates a webhook and prints its id and the header value to store. */
export const createCommand: Command = {
  name: 'create',
  summary: 'Create a webhook; print its id and the delivery header value to store.',
  usage: 'create --endpoint URL --event NAME [--filter JSON|@file] [--payload JSON|@file]',
  options: {
    endpoint: { type: 'string', valueName: 'URL', description: "The receiver's URL: absolute http(s), reachable from the internet." },
    event: { type: 'string', valueName: 'NAME', description: 'The event type: profile.created, profile.updated, follow.created or follow.deleted.' },
    filter: { type: 'string', valueName: 'JSON|@file', description: 'Which events to deliver (the filter language). Needs --payload.' },
    payload: { type: 'string', valueName: 'JSON|@file', description: 'A sample event that satisfies the filter. Only with --filter.' },
  },
  positionals: [],
  usesApi: true,
  examples: [
    'social-webhooks create --endpoint https://example.com/webhook --event follow.created',
    `social-webhooks create --endpoint https://example.com/webhook --event follow.created --filter '{"followingProfileId":"3761"}' --payload @sample.json`,
  ],
  async run(context) {
    const endpoint = stringFlag(context.values, 'endpoint', 'create', true);
    const filterConfig = await readConfig(context, 'create');
    const created = await connect(context, 'create').createWebhook({ endpoint, filterConfig });
    // Bound to its event type, the value also types a flat delivery, which names no event (docs/contract.md §Body forms).
    const secretLine = `secret: { '${filterConfig.event_type}': process.env.WEBHOOK_SECRET! },`;
    print(context, { ...created, eventType: filterConfig.event_type, endpoint, secretLine }, [
      `Created webhook ${created.webhookId} (${filterConfig.event_type} -> ${endpoint}).`,
      '',
      `Deliveries carry the header ${created.headerName}: ${created.headerValue}`,
      'Store this value as a secret where your receiver reads it, for example in your environment:',
      '',
      `  WEBHOOK_SECRET=${created.headerValue}`,
      '',
      'and paste this line into your webhookHandler({ ... }) options:',
      '',
      `  ${secretLine}`,
      '',
      'It binds the value to this webhook\'s event type, so a flat body (the payload alone, no eventName) is typed too.',
      'The service shows it only now: it has no call to read it again.',
      ...(created.portalLink === undefined ? [] : ['', `Portal: ${created.portalLink}`]),
      // The gateway accepted the filter, but part of it cannot work as written: say so loudly.
      ...(created.filterWarnings === undefined
        ? []
        : ['', 'Warnings: the filter was accepted, but events may never arrive:', ...created.filterWarnings.map((item) => `  - ${item.code}: ${item.message}`)]),
    ]);
    return EXIT_CODES.ok;
  },
};
