import type { HubOptions } from '@social-webhooks/core';

/**
 * The lookup options of each scenario of miniapp-lookups.test.ts, by route: the receiver processes
 * (lookup-receiver.ts) mount one route per entry, the in-process receivers take the same options.
 */
export const LOOKUP_ROUTES = {
  default: {},
  forged: { maxLookupsPerSecond: 100, maxConcurrentLookups: 20, recheckMs: 60_000 },
  budget: { maxLookupsPerSecond: 2, maxConcurrentLookups: 2 },
} as const satisfies Record<string, Omit<HubOptions, 'hubUrl'>>;

export type LookupRoute = keyof typeof LOOKUP_ROUTES;
