import { describe, expect, it } from 'vitest';
import { median, relativeSpread } from './stats.js';
import { renderTable } from './table.js';

describe('stats', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('measures spread as the median absolute deviation over the median', () => {
    expect(relativeSpread([10, 10, 10])).toBe(0);
    expect(relativeSpread([9, 10, 11, 100])).toBeCloseTo(1 / 10.5);
  });
});

describe('renderTable', () => {
  it('pads columns and right-aligns the figures', () => {
    const text = renderTable({
      title: 'T',
      columns: ['name', 'n'],
      rows: [
        ['a', '1'],
        ['bb', '100'],
      ],
    });
    expect(text.split('\n')).toEqual(['### T', '', '| name |   n |', '|:-----|----:|', '| a    |   1 |', '| bb   | 100 |', '']);
  });
});
