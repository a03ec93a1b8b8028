/**
 * `store` with each method's round trips tallied by name: the difference of `roundTrips()` across
 * each call. Exact while one call runs at a time, as on one delivery's path. An object a method
 * answers with methods of its own (the `finish` of `startLookup`) is tallied too, as `name.method`.
 * The listings (async generators) are left as they are.
 */
export function tallied<T extends object>(store: T, roundTrips: () => number, tally: Map<string, number>, prefix = ''): T {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function' || typeof name !== 'string' || name === 'list' || name === 'listPages') return value;
      const label = `${prefix}${name}`;
      return async (...args: unknown[]) => {
        const before = roundTrips();
        let result: unknown;
        try {
          result = await (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          tally.set(label, (tally.get(label) ?? 0) + roundTrips() - before);
        }
        if (typeof result !== 'object' || result === null || Array.isArray(result)) return result;
        // A copy (the answer may be frozen, and a proxy of a frozen object must answer its own fields).
        const copy = { ...result };
        return Object.values(copy).some((field) => typeof field === 'function') ? tallied(copy, roundTrips, tally, `${label}.`) : result;
      };
    },
  });
}

/** A tally as `claim 1, complete 1`, the methods that made no round trip left out; `0` when none did. */
export function describeTally(tally: ReadonlyMap<string, number>): string {
  const made = [...tally].filter(([, count]) => count > 0);
  const total = made.reduce((sum, [, count]) => sum + count, 0);
  return total === 0 ? '0' : `${total} (${made.map(([name, count]) => `${name} ${count}`).join(', ')})`;
}

/** The sum of a tally. */
export function totalOf(tally: ReadonlyMap<string, number>): number {
  return [...tally.values()].reduce((sum, count) => sum + count, 0);
}
