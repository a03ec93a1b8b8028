import { cpus, loadavg, totalmem } from 'node:os';

/** One line that says what the figures were measured on, printed before every run's tables. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `${cores.length} cores (${model}), ${memory} memory, Node ${process.version}, ${process.platform}-${process.arch}`;
}

/** The 1-minute load average: on a shared machine, it says how much else was running. */
export function describeLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(2)}`;
}
