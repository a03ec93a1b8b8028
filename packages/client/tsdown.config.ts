import { packageBuild } from '../../tsdown.base.ts';

// neutral: no node: imports, for Node, Bun, Deno, Workers and browsers.
export default packageBuild(['src/index.ts']);
