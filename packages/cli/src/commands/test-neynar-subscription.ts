import { checkNeynarSubscription, compileNeynarSubscription, type NeynarSubscription } from '@social-webhooks/filter';
import { neynarEventFlag } from '../args/neynar-flags.js';
import { stringFlag } from '../args/parse-command-args.js';
import { readJsonArg } from '../args/read-json-arg.js';
import { CliError } from '../cli-error.js';
import type { CommandContext } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/**
 * `test-filter --sender neynar`: checks a Neynar subscription locally (Neynar has no route to test
 * one), as `@social-webhooks/filter` does: every problem with its path, and the filters that filter
 * nothing. With `--payload` (an event's `data`) and `--event`, also whether Neynar delivers it.
 */
export async function testNeynarSubscription(context: CommandContext): Promise<number> {
  const text = stringFlag(context.values, 'subscription', 'test-filter');
  if (text === undefined)
    throw new CliError(
      'usage_error',
      'missing --subscription (the webhook\'s subscription, e.g. \'{"cast.created":{"author_fids":[194]}}\')',
      {
        command: 'test-filter',
      },
    );
  const subscription = await readJsonArg('subscription', text, context.io.cwd, 'test-filter');
  const payloadText = stringFlag(context.values, 'payload', 'test-filter');
  const type = payloadText === undefined ? undefined : neynarEventFlag(context.values, 'test-filter');
  const { problems, warnings } = checkNeynarSubscription(subscription);
  const warningLines =
    warnings.length === 0 ? [] : ['Warnings (Neynar accepts it, but):', ...warnings.map((item) => `  - ${item.code}: ${item.message}`)];
  const json = { ok: problems.length === 0, checkedBy: 'local', problems, ...(warnings.length > 0 && { warnings }) };
  if (problems.length > 0) {
    print(context, json, [
      'Subscription is not valid (checked locally):',
      ...problems.map((item) => `  - ${item.message}`),
      ...warningLines,
    ]);
    return EXIT_CODES.failed;
  }
  if (payloadText === undefined || type === undefined) {
    print(context, json, ['Subscription is valid (checked locally).', ...warningLines]);
    return EXIT_CODES.ok;
  }
  const payload = await readJsonArg('payload', payloadText, context.io.cwd, 'test-filter');
  const delivered = compileNeynarSubscription(subscription as NeynarSubscription)(type, payload);
  print(context, { ...json, ok: delivered, delivered }, [
    delivered
      ? `Subscription is valid, and Neynar delivers this ${type} to it (checked locally).`
      : `Subscription is valid, but Neynar does not deliver this ${type} to it: no filter passes it, an excluded author wrote it, or the subscription does not name ${type}.`,
    ...warningLines,
  ]);
  return delivered ? EXIT_CODES.ok : EXIT_CODES.failed;
}
