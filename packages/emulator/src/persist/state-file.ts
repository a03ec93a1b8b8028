import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { compileFilter } from '@social-webhooks/filter';
import type { DeliveryRecord } from '../delivery/delivery-log.js';
import type { Faults } from '../delivery/faults.js';
import { EmulatorError } from '../emulator-error.js';
import type { FilterConfig, Webhook } from '../state/webhooks.js';
import type { NeynarWebhook } from '../neynar/neynar-webhook.js';

/** A webhook as the file keeps it: everything but the compiled filter. */
export interface StoredWebhook extends Omit<Webhook, 'matches'> {
  readonly faults?: Faults;
}

/** A Neynar webhook as the file keeps it: as the API answers it (secrets included), and its faults. */
export interface StoredNeynarWebhook {
  readonly webhook: NeynarWebhook;
  readonly faults?: Faults;
}

/** The file's content. `neynarWebhooks` is left out while there are none, so older files read the same. */
export interface StoredState {
  readonly version: 1;
  readonly webhooks: readonly StoredWebhook[];
  readonly neynarWebhooks?: readonly StoredNeynarWebhook[];
  readonly deliveries: readonly DeliveryRecord[];
}

/** Compiles a stored webhook's filter again, as creating it did. */
export function restoreWebhook(stored: StoredWebhook): Webhook {
  const filterConfig: FilterConfig = stored.filterConfig;
  const matches = filterConfig.filter === undefined || filterConfig.filter === null ? () => true : compileFilter(filterConfig.filter);
  const { id, endpoint, headerName, headerValue, createdAt } = stored;
  return { id, endpoint, filterConfig, headerName, headerValue, createdAt, matches };
}

/**
 * Reads the state file; `undefined` when it does not exist yet. Deliveries that were pending when
 * the emulator stopped are marked `cancelled`: their retries went with the process (replay them).
 * @throws {EmulatorError} `persist_failed` when the file is unreadable or not the emulator's.
 */
export async function readState(path: string): Promise<StoredState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EmulatorError(
      'persist_failed',
      `cannot read ${path} (${(error as Error).message}); give persistPath a file the emulator may read and write, e.g. .emulator/state.json.`,
      { cause: error },
    );
  }
  let state: StoredState;
  try {
    state = JSON.parse(text) as StoredState;
  } catch (error) {
    throw new EmulatorError('persist_failed', `${path} is not valid JSON; fix it or delete it to start afresh.`, { cause: error });
  }
  const neynarOk = state.neynarWebhooks === undefined || Array.isArray(state.neynarWebhooks);
  if (state.version !== 1 || !Array.isArray(state.webhooks) || !Array.isArray(state.deliveries) || !neynarOk) {
    throw new EmulatorError('persist_failed', `${path} is not an emulator state file (version 1); delete it or pick another persistPath.`);
  }
  const deliveries = state.deliveries.map((record) => (record.state === 'pending' ? { ...record, state: 'cancelled' as const } : record));
  return { ...state, deliveries };
}

/**
 * Writes the state file whole, through a temporary file and a rename, so a crash mid-write leaves
 * the previous version rather than half a file.
 */
export async function writeState(path: string, state: StoredState): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(state), 'utf8');
  await rename(temporary, path);
}
