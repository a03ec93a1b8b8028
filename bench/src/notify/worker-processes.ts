import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { createClient } from 'redis';

const CHILD = fileURLToPath(new URL('./notify-worker.js', import.meta.url));

/** What one worker process reports once asked: its CPU seconds over the run, and its resident memory at its start and at its peak. */
export interface WorkerFigures {
  readonly cpuSeconds: number;
  readonly rssBefore: number;
  readonly rssPeak: number;
  /** The heap in use after a full collection at the start and once done (bytes; `--expose-gc`). */
  readonly heapBefore?: number;
  readonly heapAfter?: number;
}

/** Worker processes (`dist/notify-worker.js`), each ready, sampling its memory; `report` stops them all and collects their figures. */
export interface WorkerProcesses {
  report(): Promise<WorkerFigures[]>;
}

export async function startWorkerProcesses(count: number, redisPort: number, prefix: string, options: object): Promise<WorkerProcesses> {
  const children: ChildProcess[] = [];
  const ready = [];
  for (let index = 0; index < count; index++) {
    const child = spawn(process.execPath, ['--expose-gc', CHILD, String(redisPort), prefix, JSON.stringify(options)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(reply<{ ready: true }>(child));
  }
  await Promise.all(ready);
  return {
    report: () =>
      Promise.all(
        children.map(async (child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          const answer = reply<{ figures: WorkerFigures }>(child);
          child.send('report');
          const { figures } = await answer;
          await exited;
          return figures;
        }),
      ),
  };
}

function reply<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`a notify worker process exited with ${String(code)} before it answered`));
    child.once('exit', failed);
    child.once('message', (message) => {
      child.off('exit', failed);
      resolve(message as T);
    });
  });
}

/** Redis's own CPU seconds so far (user and system, from INFO cpu): the difference over a row is what that row cost Redis. */
export async function redisCpuSeconds(client: ReturnType<typeof createClient>): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
}
