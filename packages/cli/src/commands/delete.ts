import { connect } from '../args/connect.js';
import type { Command } from '../command.js';
import { EXIT_CODES } from '../exit-codes.js';
import { print } from '../output/print.js';

/** `social-webhooks delete ID`: deletes a webhook. */
export const deleteCommand: Command = {
  name: 'delete',
  summary: 'Delete a webhook by its id.',
  usage: 'delete ID',
  options: {},
  positionals: ['ID'],
  usesApi: true,
  examples: ['social-webhooks delete 01HYDYEBHMANSVJ0JKSVK9W3VY'],
  async run(context) {
    const webhookId = context.positionals[0]!;
    const deleted = await connect(context, 'delete').deleteWebhook(webhookId);
    print(context, { deleted: true, ...deleted }, [
      `Deleted webhook ${webhookId}${deleted.message === undefined ? '.' : `: ${deleted.message}`}`,
    ]);
    return EXIT_CODES.ok;
  },
};
