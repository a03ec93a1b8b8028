import type { WebhookFilterConfig } from '@social-webhooks/client';
import type { CommandContext } from '../command.js';
import { eventFlag } from './event-flag.js';
import { stringFlag } from './parse-command-args.js';
import { readJsonArg } from './read-json-arg.js';

/**
 * The filter config of `--event`, `--filter` and `--payload`. Its content is checked by the client
 * (or `testFilterConfig`), which says what is wrong with each part.
 */
export async function readConfig(context: CommandContext, command: string): Promise<WebhookFilterConfig> {
  const eventType = eventFlag(context.values, command);
  const filterText = stringFlag(context.values, 'filter', command);
  const payloadText = stringFlag(context.values, 'payload', command);
  const config: Record<string, unknown> = { event_type: eventType };
  if (filterText !== undefined) config.filter = await readJsonArg('filter', filterText, context.io.cwd, command);
  if (payloadText !== undefined) config.payload = await readJsonArg('payload', payloadText, context.io.cwd, command);
  return config as WebhookFilterConfig;
}
