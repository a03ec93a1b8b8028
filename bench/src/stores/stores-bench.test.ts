import { describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../../test/support/postgres-server.js';
import { hasRedisServer } from '../queue/redis-process.js';
import { renderTable } from '../support/table.js';
import { storeFigures } from './stores-bench.js';

// The stores section at a small size: every store it finds starts, each delivery's round trips are
// what the clients counted, and each broadcast reached every user with the exact requests.
describe.skipIf(!hasRedisServer() || postgresBinaries === undefined)('the stores bench section', () => {
  it('counts a claim and a token save as one round trip each on every shared store, and broadcasts exactly', async () => {
    const [deliveries, broadcasts] = await storeFigures({ tokens: 450 });
    const text = renderTable(deliveries!.table);
    for (const store of ['Redis over TCP', 'Upstash over REST', 'PostgreSQL']) {
      expect(text).toMatch(new RegExp(`\\| ${store}[^|]*\\| +Neynar cast.created, first \\| +200 \\| +2 \\(claim 1, complete 1\\) \\|`));
      expect(text).toMatch(
        new RegExp(
          `\\| ${store}[^|]*\\| +Mini App miniapp_added, app keys cached \\| +200 \\| +0 \\| +1 \\(startLookup 1\\) \\| +1 \\(save 1\\) \\| +2 \\|`,
        ),
      );
      expect(text).toMatch(
        new RegExp(
          `\\| ${store}[^|]*\\| +Mini App miniapp_added, app keys not cached \\| +200 \\| +0 \\| +2 \\(startLookup 1, startLookup.finish 1\\) \\| +1 \\(save 1\\) \\| +3 \\|`,
        ),
      );
    }
    expect(deliveries!.met).toBe(true);
    expect(broadcasts!.table.rows).toHaveLength(4);
    for (const row of broadcasts!.table.rows) expect(row[4]).toBe('2 / 2 / 2 (2 / 2 / 2)');
    expect(broadcasts!.met).toBe(true);
  }, 120_000);
});
