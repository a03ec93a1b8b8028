import type { LookupRefusal } from './app-key-store.js';

/** A lookup budget's state when it refused a call: its pause left, whether every call slot is live, and its bucket's tokens. */
export interface BudgetState {
  readonly pausedMs: number;
  readonly busy: boolean;
  readonly tokens: number;
}

/**
 * Why a lookup budget refused a call, and how long until one could be granted: paused (the pause
 * left), busy (as many live calls as `concurrent`: one token's time), or short of a token (the time
 * the bucket takes to hold one). The shared reading of a store's budget row, for stores' authors.
 */
export function budgetRefusal(state: BudgetState, perSecond: number): { reason: LookupRefusal; retryAfterMs: number } {
  if (state.pausedMs > 0) return { reason: 'paused', retryAfterMs: Math.ceil(state.pausedMs) };
  if (state.busy) return { reason: 'concurrency', retryAfterMs: Math.ceil(1000 / perSecond) };
  return { reason: 'rate', retryAfterMs: Math.ceil(((1 - state.tokens) * 1000) / perSecond) };
}
