import { clientFidOf } from './client-fid.js';
import type { Candidate } from './move-targets.js';
import { neynarTokenPages, type NeynarTokenPagesOptions, type NeynarTokenRow } from './neynar-token-pages.js';

/**
 * Each page of Neynar's token list as candidates: an `enabled` row is the user's target from its
 * client, a `disabled` or `invalid` one is counted by its status and left out (the client no longer
 * takes it). Neynar's rows do not name the client, so its FID is `clientFid`, or known from the
 * URL's host (client-fid.ts), or the row is skipped as `unknown_client`. A row's `created_at` (when
 * Neynar first stored the token) is its `enabledAt`; a row without a readable one is saved at the store's now.
 */
export async function* neynarCandidates(
  options: NeynarTokenPagesOptions & { readonly clientFid: number | undefined },
): AsyncGenerator<readonly Candidate[]> {
  for await (const page of neynarTokenPages(options)) yield page.map((row) => candidateOf(row, options.clientFid));
}

export function candidateOf(row: NeynarTokenRow, clientFid: number | undefined): Candidate {
  const { fid, token, status } = row;
  const url = typeof row.url === 'string' && URL.canParse(row.url) ? new URL(row.url) : undefined;
  const where = typeof fid === 'number' ? `fid ${fid}` : `a row without a fid`;
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid < 1 || typeof token !== 'string' || token === '')
    return { row: where, reason: 'bad_row', detail: 'no fid or token: Neynar answered a row this command cannot read' };
  if (status !== 'enabled') return { row: where, notEnabled: typeof status === 'string' ? status : 'no status' };
  if (url === undefined || !/^https?:$/.test(url.protocol))
    return { row: where, reason: 'bad_row', detail: `its url is not an http(s) URL: ${JSON.stringify(row.url)}` };
  const appFid = clientFidOf(url, clientFid);
  if (appFid === undefined)
    return {
      row: where,
      reason: 'unknown_client',
      detail: `no known client sends from ${url.host}: pass --client-fid N, the FID of the client whose URL that is`,
    };
  // The url kept as Neynar wrote it (not URL.href): the client's events carry it so, and must compare equal.
  const enabledAt = typeof row.created_at === 'string' ? Date.parse(row.created_at) : Number.NaN;
  const target = { fid, appFid, url: row.url as string, token };
  return { row: where, target: Number.isSafeInteger(enabledAt) && enabledAt >= 0 ? { ...target, enabledAt } : target };
}
