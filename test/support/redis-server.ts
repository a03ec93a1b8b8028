import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

/** A throwaway `redis-server` that this test run started and owns. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM to its own process id) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  restart(): Promise<void>;
  /** SIGSTOP to its process id: connections stay open and nothing answers, as a hung server. */
  freeze(): void;
  /** SIGCONT: it answers again, with what it held. */
  thaw(): void;
}

const MISSING = [
  '',
  '=====================================================================',
  ' redis-server is not installed, so the Redis dedupe tests cannot run.',
  ' These tests do NOT skip: install it and run again.',
  '   Debian/Ubuntu:  apt-get install -y redis-server',
  '   macOS:          brew install redis',
  ' CI: .ci/run installs it (see .ci/redis-note.md).',
  '=====================================================================',
].join('\n');

/**
 * Starts `redis-server` on a free loopback port, persisting nothing. Throws a loud, explicit error
 * when the binary is missing: a silent skip would let CI pass without ever testing Redis.
 */
export async function startRedis(): Promise<RedisServer> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) throw new Error(MISSING);
  const port = await freePort();
  let child = await launch(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await terminate(child);
    },
    async restart() {
      await terminate(child);
      child = await launch(port);
    },
    freeze() {
      child.kill('SIGSTOP');
    },
    thaw() {
      child.kill('SIGCONT');
    },
  };
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${String(code)} before it was ready:\n${output}`)));
    child.once('error', reject);
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
