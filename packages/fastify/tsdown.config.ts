import { packageBuild } from '../../tsdown.base.ts';

// node: the adapter reads Node's IncomingMessage stream.
export default packageBuild(['src/index.ts'], 'node');
