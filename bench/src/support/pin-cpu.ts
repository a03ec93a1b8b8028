import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * Where the HTTP section runs its processes: on a machine of two cores or more with `taskset`
 * (Linux), the load generator on the first core and every server under test on the last, so the
 * two never take turns on one core and the scheduler's choices stop being part of the figures.
 */
export interface CpuPlan {
  readonly loadCpu: number;
  readonly serverCpu: number;
}

/** Pins this process (the load generator) and returns the plan, or `undefined` where pinning is not possible. */
export function pinLoadGenerator(): CpuPlan | undefined {
  const count = cpus().length;
  if (count < 2 || !pin(process.pid, 0)) return undefined;
  return { loadCpu: 0, serverCpu: count - 1 };
}

/** Lets this process run on every CPU again, after the HTTP section. */
export function releaseLoadGenerator(plan: CpuPlan | undefined): void {
  if (plan !== undefined) spawnSync('taskset', ['-pc', `0-${cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
}

/** Pins a process to one CPU with `taskset`; false when that is not possible here. */
export function pin(pid: number, cpu: number): boolean {
  if (process.platform !== 'linux') return false;
  const result = spawnSync('taskset', ['-pc', String(cpu), String(pid)], { stdio: 'ignore' });
  return result.status === 0;
}

/** One line for the output: how the processes were placed. */
export function describePlan(plan: CpuPlan | undefined): string {
  return plan === undefined
    ? 'processes not pinned (taskset unavailable or a single core)'
    : `load generator pinned to CPU ${plan.loadCpu}, each server to CPU ${plan.serverCpu} (taskset)`;
}
