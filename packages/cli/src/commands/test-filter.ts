import { testFilterConfig, type FilterConfig } from '@social-webhooks/filter';
import { connect } from '../args/connect.js';
import { SENDER_OPTION, senderFlag } from '../args/neynar-flags.js';
import { readConfig } from '../args/read-config.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';
import { testNeynarSubscription } from './test-neynar-subscription.js';

/**
 * `social-webhooks test-filter`: tests a filter config locally (as the gateway's engine evaluates
 * it, see `@social-webhooks/filter`), then with the service; prints the filter's warnings. With `--sender neynar`, checks a
 * Neynar subscription locally instead (test-neynar-subscription.ts).
 */
export const testFilterCommand: Command = {
  name: 'test-filter',
  summary: 'Test a filter and its sample payload, locally and then with the service.',
  usage:
    'test-filter --event NAME --filter JSON|@file --payload JSON|@file [--local] | --sender neynar --subscription JSON|@file [--event NAME --payload JSON|@file]',
  options: {
    event: {
      type: 'string',
      valueName: 'NAME',
      description:
        "The event type: profile.created, profile.updated, follow.created or follow.deleted (with --sender neynar, Neynar's type of the --payload event).",
    },
    filter: { type: 'string', valueName: 'JSON|@file', description: 'The filter to test.' },
    payload: {
      type: 'string',
      valueName: 'JSON|@file',
      description: "A sample event that must satisfy the filter (with --sender neynar: an event's data, to see whether it is delivered).",
    },
    local: { type: 'boolean', description: 'Test locally only: no API key, no request.' },
    ...SENDER_OPTION,
    subscription: {
      type: 'string',
      valueName: 'JSON|@file',
      description: 'With --sender neynar: the webhook\'s subscription, checked locally ({ "cast.created": { "author_fids": [194] } }).',
    },
  },
  positionals: [],
  usesApi: true,
  examples: [
    `social-webhooks test-filter --event profile.created --filter '{"followerCount":{"$gte":100}}' --payload @profile.json`,
    `social-webhooks test-filter --local --event follow.created --filter '{"followerProfileId":"3761"}' --payload '{"followerProfileId":"3761","followingProfileId":"1"}'`,
    `social-webhooks test-filter --sender neynar --subscription '{"cast.created":{"author_fids":[194],"text":"(?i)gm"}}'`,
  ],
  async run(context) {
    if (senderFlag(context.values, 'test-filter') === 'neynar') return testNeynarSubscription(context);
    const config = await readConfig(context, 'test-filter');
    const result =
      context.values.local === true
        ? { ...testFilterConfig(config as FilterConfig), checkedBy: 'local' as const }
        : await connect(context, 'test-filter').testFilter(config);
    const by = result.checkedBy === 'local' ? 'checked locally' : 'checked by the service';
    // Warnings: the filter is accepted, but cannot work as written on the service's gateway.
    const warnings = result.warnings ?? [];
    const warningJson = warnings.length === 0 ? {} : { warnings: warnings.map((item) => item.message) };
    const warningLines =
      warnings.length === 0
        ? []
        : ['Warnings (the gateway accepts the filter, but):', ...warnings.map((item) => `  - ${item.code}: ${item.message}`)];
    if (result.ok) {
      print(context, { ok: true, checkedBy: result.checkedBy, ...warningJson }, [`Filter test passed (${by}).`, ...warningLines]);
      return EXIT_CODES.ok;
    }
    print(context, { ok: false, checkedBy: result.checkedBy, reasons: result.reasons, ...warningJson }, [
      `Filter test failed (${by}):`,
      ...result.reasons.map((reason) => `  - ${reason}`),
      ...warningLines,
    ]);
    return EXIT_CODES.failed;
  },
};
