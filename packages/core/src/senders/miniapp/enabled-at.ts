import type { NotificationTarget } from './token-store.js';

/**
 * The `enabledAt` a save was given, checked: a whole number of milliseconds since the epoch, or
 * undefined when the store is to use its own clock. Shared by the token stores this library ships.
 * @throws {TypeError} starting with `source`, for any other value (a Date, a string, a negative number).
 */
export function givenEnabledAt(target: NotificationTarget, source: string): number | undefined {
  const { enabledAt } = target;
  if (enabledAt === undefined) return undefined;
  if (!Number.isSafeInteger(enabledAt) || enabledAt < 0) {
    throw new TypeError(
      `${source}: save() was given enabledAt ${JSON.stringify(enabledAt) ?? String(enabledAt)}; it is milliseconds since the epoch ` +
        '(a whole number, such as Date.now() or Date.parse(iso)), or left out for now.',
    );
  }
  return enabledAt;
}
