import { compare, type NumericStrings } from './compare.js';
import { flatten } from './flatten.js';
import { EngineFault, isGoMap, toGoValue, type GoMap } from './go-value.js';

/** Options of the engine-faithful evaluation. */
export interface EngineOptions {
  /**
   * How numeric strings compare for equality and ranges: `'as-numbers'` (default) as the engine
   * does since 2025 (`{ "userId": 3761 }` matches `"3761"`), or `'as-strings'`, the older engine's
   * type-sensitive rule. `$in` / `$nin` never convert.
   */
  readonly numericStrings?: NumericStrings;
}

/** What the engine answers for one payload: a match, or an error (then nothing is delivered). */
export interface EngineAnswer {
  readonly matches: boolean;
  /** Set when the engine answers an error, or (`local: true`) when this library cannot predict it. */
  readonly error?: { readonly message: string; readonly local: boolean };
}

/** A filter flattened once, as the engine stores it, ready to be compared with many payloads. */
export interface PreparedFilter {
  readonly flat: GoMap | undefined;
  readonly fault: EngineFault | undefined;
}

/** Flattens a filter as the engine does when the webhook is created. */
export function prepareFilter(filter: unknown): PreparedFilter {
  try {
    return { flat: flatten(toGoValue(filter)), fault: undefined };
  } catch (error) {
    if (error instanceof EngineFault) return { flat: undefined, fault: error };
    throw error;
  }
}

/** The engine's answer for a prepared filter and a payload (flattened here, as the engine does). */
export function answer(prepared: PreparedFilter, payload: unknown, options: EngineOptions = {}): EngineAnswer {
  try {
    if (prepared.fault !== undefined) throw prepared.fault;
    const value = toGoValue(payload);
    const flat = isGoMap(value) || Array.isArray(value) ? flatten(value) : new Map();
    return { matches: compare(flat, prepared.flat!, { numericStrings: options.numericStrings ?? 'as-numbers' }) };
  } catch (error) {
    if (error instanceof EngineFault) return { matches: false, error: { message: error.message, local: error.local } };
    throw error;
  }
}
