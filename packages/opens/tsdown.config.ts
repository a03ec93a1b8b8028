import { packageBuild } from '../../tsdown.base.ts';

export default packageBuild(['src/index.ts', 'src/node/index.ts', 'src/page/index.ts']);
