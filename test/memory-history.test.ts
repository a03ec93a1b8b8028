import { memoryNotificationHistory } from '@social-webhooks/core';
import { historyContract } from './support/history-contract.js';
import { movedClock } from './support/store-place.js';

// The memory notification history under the history contract (support/history-contract.ts), as
// every other store runs it; its clock moved on for the lapse rather than slept through. Its own
// bounds to the millisecond are packages/core/src/notify/history/memory-history.test.ts's.
const clock = movedClock();
historyContract(
  'memoryNotificationHistory',
  (options) => {
    const history = memoryNotificationHistory({ ...options, now: clock.now });
    return () => history;
  },
  { ms: 1_000, ...clock },
);
