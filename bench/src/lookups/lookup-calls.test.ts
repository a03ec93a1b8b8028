import { describe, expect, it } from 'vitest';
import { renderTable } from '../support/table.js';
import { lookupCalls } from './lookup-calls.js';

// The bench section at a small size: it runs, counts the hub's calls, and meets its goals.
describe('the lookups bench section', () => {
  it('prints each scenario with its answers and hub calls, every goal met', async () => {
    const { table, met } = await lookupCalls({ forged: 100, concurrent: 20 });
    const text = renderTable(table);
    expect(text).toMatch(/\| 100 forged events over 10 FIDs +\| +100 × 401 \| +(10|[1-9]) \| +≤ 10 calls \|/);
    expect(text).toMatch(/\| 20 concurrent events of one user, cold cache +\| +20 × 200 \| +1 \| +1 call \|/);
    expect(text).toMatch(/100 × 200 cached user/);
    expect(met).toBe(true);
  });
});
