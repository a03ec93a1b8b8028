import { memoryOpenStore } from '@social-webhooks/core';
import { openStoreContract } from './support/open-store-contract.js';
import { movedClock } from './support/store-place.js';

// The memory open store under the open store contract (support/open-store-contract.ts), as every
// other store runs it; its clock moved on for the lapse rather than slept through.
const clock = movedClock();
openStoreContract(
  'memoryOpenStore',
  (options) => {
    const store = memoryOpenStore({ ...options, now: clock.now });
    return () => store;
  },
  { ms: 1_000, ...clock },
);
