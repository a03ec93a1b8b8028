import {
  batchesOf,
  targetPagesOf,
  type NotificationAudience,
  type NotificationTarget,
  type NotificationTokenStore,
} from '@social-webhooks/core';

/** What one client URL would get: its tokens, in requests of at most 100. */
export interface ClientPlan {
  readonly url: string;
  /** The Farcaster clients (their FIDs) whose tokens point at this URL. */
  readonly appFids: number[];
  readonly tokens: number;
  readonly requests: number;
}

/** What `notify` would send, read from the store before our limits are asked (they decide per token as it is sent). */
export interface NotifyPlan {
  /** Tokens to notify, one per user and client. */
  readonly targets: number;
  /** Distinct users among them. */
  readonly users: number;
  readonly clients: ClientPlan[];
  /** FIDs asked for (`--to`, `--fids-file`) that hold no token (never enabled notifications, or disabled them): the first {@link LISTED_WITHOUT_TOKEN}. */
  readonly withoutToken: number[];
  /** How many FIDs asked for hold no token, listed or not. */
  readonly withoutTokenCount: number;
}

/** FIDs without a token the plan lists; past them it counts, so a file of a million FIDs is never held. */
export const LISTED_WITHOUT_TOKEN = 100;

/**
 * Reads the audience's targets from the store as the sender will (the store streamed, batched per
 * client URL by the core's `batchesOf`) and counts them: what is held at once is a partial batch per
 * client URL and a count per URL, whatever the size of the store; users are told apart as the stores
 * list them, a user's targets together.
 */
export async function planNotification(store: NotificationTokenStore, to: NotificationAudience): Promise<NotifyPlan> {
  const withoutToken: number[] = [];
  const counted = { targets: 0, users: 0, lastFid: undefined as number | undefined, withoutToken: 0 };
  const clients = new Map<string, { appFids: Set<number>; tokens: number; requests: number }>();
  async function* pages(): AsyncGenerator<readonly NotificationTarget[]> {
    const noToken = (fid: number) => {
      counted.withoutToken += 1;
      if (withoutToken.length < LISTED_WITHOUT_TOKEN) withoutToken.push(fid);
    };
    for await (const page of audiencePages(store, to, noToken)) {
      for (const target of page) {
        counted.targets += 1;
        if (target.fid !== counted.lastFid) counted.users += 1;
        counted.lastFid = target.fid;
        let client = clients.get(target.url);
        if (client === undefined) clients.set(target.url, (client = { appFids: new Set(), tokens: 0, requests: 0 }));
        client.appFids.add(target.appFid);
      }
      yield page;
    }
  }
  for await (const { url, targets: batch } of batchesOf(pages())) {
    const client = clients.get(url)!;
    client.tokens += batch.length;
    client.requests += 1;
  }
  return {
    targets: counted.targets,
    users: counted.users,
    clients: [...clients].map(([url, { appFids, tokens, requests }]) => ({
      url,
      appFids: [...appFids].sort((a, b) => a - b),
      tokens,
      requests,
    })),
    withoutToken,
    withoutTokenCount: counted.withoutToken,
  };
}

/**
 * The audience's targets as the sender reads them (`targetPagesOf`); each FID the audience names whose
 * read finds no token is noted (an excluded one is never read).
 */
function audiencePages(
  store: NotificationTokenStore,
  to: NotificationAudience,
  noToken: (fid: number) => void,
): AsyncGenerator<readonly NotificationTarget[]> {
  const noting: Pick<NotificationTokenStore, 'get' | 'list' | 'listPages'> = {
    list: () => store.list(),
    ...(store.listPages !== undefined && { listPages: () => store.listPages!() }),
    get: async (fid) => {
      const found = await store.get(fid);
      if (found.length === 0) noToken(fid);
      return found;
    },
  };
  return targetPagesOf(noting, to);
}
