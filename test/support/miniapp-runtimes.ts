import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { startChildServer } from './child-server.js';
import { APP_KEY_ENV } from './miniapp-rows.js';
import { bundleWorker, denoRunArgs, npmBinary, type RunningServer } from './runtimes.js';

/** A runtime that serves the Mini App rows for the signer whose public key it is given. */
export interface MiniAppRuntime {
  readonly name: string;
  start(appKey: string): Promise<RunningServer>;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const TSX = here('../../node_modules/.bin/tsx');

function childRuntime(name: string, command: () => string, args: readonly string[]): MiniAppRuntime {
  return {
    name,
    async start(appKey) {
      const server = await startChildServer(command(), args, { cwd: here('../..'), env: { [APP_KEY_ENV]: appKey } });
      return { baseUrl: `http://127.0.0.1:${server.port}`, stop: server.stop };
    },
  };
}

/** The runtimes of support/runtimes.ts, each running runtimes/miniapp-*.ts with the key in its environment. */
export const miniAppRuntimes: MiniAppRuntime[] = [
  childRuntime('Node', () => TSX, ['--conditions=source', here('../runtimes/miniapp-node-server.ts')]),
  childRuntime('Bun', () => npmBinary('bun'), ['--conditions=source', here('../runtimes/miniapp-bun-server.ts')]),
  childRuntime('Deno', () => npmBinary('deno'), denoRunArgs(here('../runtimes/miniapp-deno-server.ts'), { allowEnv: [APP_KEY_ENV] })),
  {
    name: 'workerd (Miniflare)',
    async start(appKey) {
      const script = await bundleWorker(here('../runtimes/miniapp-worker.ts'));
      const miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', bindings: { [APP_KEY_ENV]: appKey } });
      const url = await miniflare.ready;
      return { baseUrl: url.origin, stop: () => miniflare.dispose() };
    },
  },
];
