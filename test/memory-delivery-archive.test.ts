import { memoryDeliveryArchive } from '@social-webhooks/core';
import { archiveContract } from './support/archive-contract.js';

// The memory delivery archive under the archive contract (support/archive-contract.ts), as every
// other store runs it. What a receiver and replay() do with it is packages/core/src/archive/archive.test.ts's.
archiveContract('memoryDeliveryArchive', (options) => {
  const archive = memoryDeliveryArchive(options);
  return () => archive;
});
