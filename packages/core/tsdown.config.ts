import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild(['src/index.ts', 'src/adapter/index.ts', 'src/node/index.ts', 'src/samples/index.ts', 'src/testing/index.ts']);
