import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Candidate } from './move-targets.js';

/** How many lines make a batch: a batch's users are read, then saved, together. */
const BATCH = 100;

/**
 * The lines of a file `export-tokens` wrote (JSON Lines, one target a line: `{ fid, appFid, url,
 * token, enabledAt? }`; `enabledAt` kept as the line says, left out for the store's now), read as a stream, a batch at a time: the file is never held whole. A blank line is
 * passed over; a line that is not such a target is skipped as `bad_row` with its number.
 */
export async function* jsonlCandidates(file: FileHandle): AsyncGenerator<readonly Candidate[]> {
  const lines = createInterface({ input: file.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: Candidate[] = [];
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line.trim() === '') continue;
    batch.push(candidateOf(line, `line ${number}`));
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function candidateOf(line: string, row: string): Candidate {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { row, reason: 'bad_row', detail: `not JSON: ${JSON.stringify(line.slice(0, 40))}` };
  }
  const { fid, appFid, url, token, enabledAt } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const whole = (n: unknown, least: number) => typeof n === 'number' && Number.isSafeInteger(n) && n >= least;
  const web = typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  if (
    !whole(fid, 1) ||
    !whole(appFid, 0) ||
    !web ||
    typeof token !== 'string' ||
    token === '' ||
    !(enabledAt === undefined || whole(enabledAt, 0))
  )
    return {
      row,
      reason: 'bad_row',
      detail: 'not a target { "fid": N, "appFid": N, "url": "https://…", "token": "…" } (with "enabledAt": ms since the epoch, or none)',
    };
  const target = { fid: fid as number, appFid: appFid as number, url: url as string, token };
  return { row, target: enabledAt === undefined ? target : { ...target, enabledAt: enabledAt as number } };
}
