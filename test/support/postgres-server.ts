import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/** A throwaway PostgreSQL server that this test run started and owns, with one empty database. */
export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/test`: trust authentication, loopback only. */
  readonly url: string;
  /** Stops the server (SIGINT, a fast shutdown, to its own process id) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops it and removes its data directory. */
  remove(): Promise<void>;
}

const MISSING = [
  '',
  '=====================================================================',
  ' PostgreSQL is not installed, so the Postgres store tests are SKIPPED.',
  ' Install it and run again (CI does: .ci/run installs it):',
  '   Debian/Ubuntu:  apt-get install -y postgresql',
  '   macOS:          brew install postgresql',
  ' The binaries are found with `pg_config --bindir` or in /usr/lib/postgresql/*/bin.',
  '=====================================================================',
].join('\n');

/** The folder holding `initdb` and `postgres`, or undefined when PostgreSQL is not installed. */
function findBinaries(): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = fromConfig.status === 0 ? [fromConfig.stdout.trim()] : [];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
}

/** Where PostgreSQL's binaries are; undefined (and a loud message) when they are not installed. */
export const postgresBinaries = findBinaries();
if (postgresBinaries === undefined) console.warn(MISSING);

/**
 * PostgreSQL refuses to run as root, and the tests and CI do: then the server runs as the
 * unprivileged `postgres` user that Debian's package creates, through `runuser`.
 */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'PostgreSQL will not run as root, and there is no `postgres` user to run it as: `useradd -r postgres`, or run the tests as another user.',
    );
  }
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/**
 * Starts a PostgreSQL server of its own: `initdb` into a temporary folder, `postgres` on a free
 * loopback port with its socket in that folder, fsync off (nothing here needs to survive a crash),
 * then creates the database `test`. Call only when {@link postgresBinaries} is defined.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries;
  if (bin === undefined) throw new Error(MISSING);
  const user = asServerUser();
  const root = mkdtempSync(join(tmpdir(), 'social-webhooks-pg-'));
  if (user.uid !== undefined) chownSync(root, user.uid, user.gid!);
  const data = join(root, 'data');
  const [initdb, ...initArgs] = [
    ...user.prefix,
    join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ];
  const init = spawnSync(initdb!, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed (${String(init.status)}):\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  const args = ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', root, '-F', '-c', 'max_connections=50'];
  const command = [...user.prefix, join(bin, 'postgres'), ...args];
  const child = await launch(command);
  const url = `postgres://postgres@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${url}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE test');
  await admin.end();
  const stop = () => terminate(child, data);
  return {
    port,
    url: `${url}/test`,
    stop,
    async remove() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function launch([command, ...args]: string[]): Promise<ChildProcess> {
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr!.off('data', onData);
        child.stderr!.resume();
        resolve(child);
      }
    };
    child.stdout!.resume();
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`postgres exited with ${String(code)} before it was ready:\n${output}`)));
    child.once('error', reject);
  });
}

/** A fast shutdown: SIGINT to the postmaster's own process id (from postmaster.pid), then waits for our child to exit. */
function terminate(child: ChildProcess, data: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    const pidFile = join(data, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
    if (Number.isSafeInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
    else child.kill('SIGINT');
  });
}
