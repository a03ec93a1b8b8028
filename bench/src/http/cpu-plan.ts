import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * Where the HTTP section runs its processes: on a machine of two cores or more with `taskset`
 * (Linux), wrk on the first core and every server under test on the last, so the two never take
 * turns on one core and the scheduler's choices stop being part of the figures.
 */
export interface CpuPlan {
  readonly loadCpu: number;
  readonly serverCpu: number;
}

/** The plan, or `undefined` where pinning is not possible. */
export function planCpus(): CpuPlan | undefined {
  const count = cpus().length;
  if (count < 2 || process.platform !== 'linux') return undefined;
  if (spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }).status !== 0) return undefined;
  return { loadCpu: 0, serverCpu: count - 1 };
}
