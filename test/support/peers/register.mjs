// Loaded with `--import` (peers-switch.ts puts it in NODE_OPTIONS) by every process a test starts
// when SOCIAL_WEBHOOKS_PEERS=current: `bullmq` and `redis` then load their current majors there too.
import { register } from 'node:module';

register('./resolve-current-peers.mjs', import.meta.url);
