import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { collectGarbage } from './collect-garbage.js';

/** A server running in a child process, on loopback. */
export interface ChildServer {
  readonly pid: number;
  readonly port: number;
  /** `http://127.0.0.1:<port>` — load only ever goes to loopback. */
  readonly origin: string;
  /** Called for every line the child prints after it started listening. */
  onLine(listener: (line: string) => void): void;
  /** The child's resident set size in bytes, from /proc (Linux), or `undefined` elsewhere. */
  rssBytes(): number | undefined;
  /** The CPU time the child and its own children have used so far (all threads, user + system) in ms, or `undefined` off Linux. */
  cpuMs(): number | undefined;
  /** A full garbage collection in the child, through its inspector (needs `inspect: true`). */
  collectGarbage(): Promise<void>;
  /** Sends SIGTERM and resolves once the child has exited and its output is read, with its exit code. */
  stop(): Promise<number | null>;
}

export interface ChildServerOptions {
  /** The runtime binary: by default this Node binary. Bun's or Deno's runs a server on their runtime. */
  readonly executable?: string;
  /** The Node arguments before the script: by default this process's own (`--conditions=source --import tsx`); for another `executable`, its own (`run --allow-net`…). */
  readonly nodeArgs?: readonly string[];
  /** Starts the child on this CPU alone (`taskset -c`, Linux), with every thread it will ever start. */
  readonly cpu?: number | undefined;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** The line that says the server listens; its first capture group is the port. */
  readonly ready: RegExp;
  /** Starts the child with its inspector on a free loopback port, so `collectGarbage()` can run. */
  readonly inspect?: boolean;
  /** How long the child may take to start. Default 30 s. */
  readonly timeoutMs?: number;
}

/**
 * Starts `script` under this Node binary (not through pnpm or a tsx wrapper, so the pid is the
 * server's own and its memory can be read), and resolves once it prints its `ready` line.
 */
export function startChildServer(script: string, options: ChildServerOptions): Promise<ChildServer> {
  const extra = process.env['BENCH_SERVER_FLAGS']?.split(' ').filter((flag) => flag !== '') ?? [];
  const inspect = options.inspect === true ? ['--inspect=127.0.0.1:0'] : [];
  const runtimeArgs =
    options.executable === undefined ? [...(options.nodeArgs ?? process.execArgv), ...inspect, ...extra] : (options.nodeArgs ?? []);
  const argv = [options.executable ?? process.execPath, ...runtimeArgs, script, ...(options.args ?? [])];
  // taskset execs the command, so the pid stays the server's own; pinned from the start, every
  // thread the runtime starts later (V8's, libuv's, workerd's) stays on that CPU too.
  const [command, ...args] = options.cpu === undefined ? argv : ['taskset', '-c', String(options.cpu), ...argv];
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command!, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const inspector = watchStderr(child.stderr);
  // 'close', not 'exit': it comes once the child's stdout is drained, so every line has been seen.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const listeners: ((line: string) => void)[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not print its ready line within ${options.timeoutMs ?? 30_000} ms`));
    }, options.timeoutMs ?? 30_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready`));
    });
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (ready) {
        for (const listener of listeners) listener(line);
        return;
      }
      const match = options.ready.exec(line);
      if (match === null) return;
      ready = true;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        pid: child.pid!,
        port,
        origin: `http://127.0.0.1:${port}`,
        onLine: (listener) => void listeners.push(listener),
        rssBytes: () => readRss(child.pid!),
        cpuMs: () => readCpuMs(child.pid!),
        collectGarbage: async () => {
          const url = await inspector;
          if (url === undefined) throw new Error(`${script} was not started with inspect: true`);
          await collectGarbage(url);
        },
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

// Passes the child's stderr through, except the inspector's own notices, whose `ws://` address it
// keeps: resolves with it, or with undefined when the stream ends without one.
function watchStderr(stderr: Readable): Promise<string | undefined> {
  return new Promise((resolve) => {
    createInterface({ input: stderr })
      .on('line', (line) => {
        const match = /^Debugger listening on (ws:\/\/\S+)$/.exec(line);
        if (match !== null) resolve(match[1]);
        else if (!/^(For help, see: |Debugger (attached|ending))/.test(line)) process.stderr.write(`${line}\n`);
      })
      .once('close', () => resolve(undefined));
  });
}

function readRss(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    // Not Linux, or the process is gone: the caller reports the figure as unavailable.
    return undefined;
  }
}

// /proc/<pid>/stat counts in clock ticks of 1/100 s (USER_HZ, 100 on Linux); fields 14 and 15 are
// utime and stime, counted after the command name, which may hold spaces, so after its ')'.
// Children count too: the Node process that starts workerd serves nothing itself, its workerd child does.
/** The CPU time, in ms, a process and its children have used so far; `undefined` off Linux or once it is gone. */
function readCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ')) {
      if (child.trim() !== '') total += readCpuMs(Number(child)) ?? 0;
    }
    return total;
  } catch {
    // Not Linux, or the process is gone.
    return undefined;
  }
}
