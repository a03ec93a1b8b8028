import type { NotificationTokenStore } from '@social-webhooks/core';
import { CliError } from '../cli-error.js';
import type { TemplateSource } from './import-tokens.js';
import type { ImportSource } from './open-source.js';
import type { ImportTarget } from './open-target.js';

/**
 * The source and the store of an import, each failure turned into a `network_error` that names the
 * side that failed (`Upstash https://… failed while importing: …`), so a run that stops says where.
 */
export function blamed(from: ImportSource, to: ImportTarget, command: string): { source: TemplateSource; store: NotificationTokenStore } {
  const fail = (side: ImportSource | ImportTarget) => (error: unknown) => {
    throw new CliError('network_error', `${side.where} failed while importing: ${side.explain(error)}`, { command, cause: error });
  };
  const source: TemplateSource = {
    async *batches(pattern) {
      try {
        yield* from.source.batches(pattern);
      } catch (error) {
        fail(from)(error);
      }
    },
    read: (keys) => from.source.read(keys).catch(fail(from)),
  };
  const store: NotificationTokenStore = {
    ...to.store,
    get: (fid) => to.store.get(fid).catch(fail(to)),
    save: (target) => to.store.save(target).catch(fail(to)),
  };
  return { source, store };
}
