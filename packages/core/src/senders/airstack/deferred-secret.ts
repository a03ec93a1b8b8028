import { WebhookError } from '../../errors.js';
import { toSecretEntries, type SecretSource } from './secret-entries.js';
import { createSecretMatcher, type SecretMatcher } from './secret-matcher.js';

/** The matcher of a deferred secret, or the error that explains why there is none yet. */
export type DeferredMatcher = () => Promise<SecretMatcher | WebhookError>;

/**
 * Defers reading the secret to the first delivery, so a handler can be built where the secret does
 * not exist yet: `next build` collects a route's module without the run-time environment, and a
 * Worker's secrets arrive on `env` with the request. The value is checked exactly as a plain
 * `secret` is (the same `invalid_options` messages), once; deliveries that arrive while it is being
 * read share that read. A failure is not kept: the next delivery reads the secret again, so setting
 * it (or a secret store that comes back) takes effect without a restart.
 */
export function deferSecret(load: SecretSource, source: string): DeferredMatcher {
  let pending: Promise<SecretMatcher | WebhookError> | undefined;
  return function loadSecretMatcher() {
    pending ??= read(load, source).then((result) => {
      if (result instanceof WebhookError) pending = undefined;
      return result;
    });
    return pending;
  };
}

async function read(load: SecretSource, source: string): Promise<SecretMatcher | WebhookError> {
  try {
    return createSecretMatcher(toSecretEntries(await load(), source));
  } catch (error) {
    if (error instanceof WebhookError) return error;
    return new WebhookError(
      'invalid_options',
      `${source}: the \`secret\` function threw, so no delivery can be checked. Make it return the header_value ` +
        '(or a map of them) the service returned when you created the webhook.',
      { cause: error },
    );
  }
}
