import { packageBuild } from '../../tsdown.base.ts';

// node: the emulator is a Node HTTP server that makes outgoing HTTP requests.
export default packageBuild(['src/index.ts'], 'node');
