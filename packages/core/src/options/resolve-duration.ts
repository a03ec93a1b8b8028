/**
 * Resolves a time bound in milliseconds that can be turned off: `undefined` takes `fallback`,
 * `false` means no bound (`undefined`), anything else must be a positive whole number.
 */
export function resolveDuration(value: number | false | undefined, name: string, fallback: number, fail: (message: string) => never): number | undefined {
  if (value === undefined) return fallback;
  if (value === false) return undefined;
  if (!Number.isSafeInteger(value) || value < 1) {
    fail(`\`${name}\` must be a positive whole number of milliseconds (default ${fallback}), or false for no bound; got ${String(value)}.`);
  }
  return value;
}
