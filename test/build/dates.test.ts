/** longUsDate writes dates as Intl's en-US long format does, without loading it. */
import { describe, expect, it } from 'vitest';
import { longUsDate } from '../../src/route/dates.ts';

const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('longUsDate', () => {
  it('should write every day of 1999-2032 as Intl en-US long does', () => {
    const differences: string[] = [];
    for (let day = Date.UTC(1999, 0, 1); day <= Date.UTC(2032, 11, 31); day += 86_400_000) {
      const date = iso(new Date(day));
      if (longUsDate(date) !== intl.format(new Date(`${date}T12:00:00Z`))) differences.push(date);
    }
    expect(differences).toEqual([]);
  });

  it('should write the years at the edges of YYYY as Intl does', () => {
    for (const date of ['0000-01-01', '0001-02-03', '0999-12-31', '1000-01-01', '2024-02-29', '9999-12-31']) {
      expect(longUsDate(date)).toBe(intl.format(new Date(`${date}T12:00:00Z`)));
    }
  });

  it('should throw on a string that is not a date, as Intl does', () => {
    expect(() => longUsDate('2024-13-45')).toThrow(RangeError);
  });
});
