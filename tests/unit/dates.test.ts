import { describe, expect, it } from 'vitest';
import { splitWeeks } from '../../src/server/modules/reports/queries.js';
import { addDays, daysInRange, isoWeekday } from '../../src/shared/dates.js';

describe('calendar dates', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
  });

  it('counts both ends of a range', () => {
    expect(daysInRange('2026-03-10', '2026-03-10')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
  });

  it('numbers the week from Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('splitWeeks', () => {
  it('splits a range into whole ISO weeks and the days around them', () => {
    // Friday 2026-11-06 to Wednesday 2026-11-25: weeks from Monday 9 Nov to the week of Monday 16 Nov.
    expect(splitWeeks({ from: '2026-11-06', to: '2026-11-25' })).toEqual({
      weeks: { from: '2026-11-09', to: '2026-11-16' },
      days: [
        { from: '2026-11-06', to: '2026-11-08' },
        { from: '2026-11-23', to: '2026-11-25' },
      ],
    });
  });

  it('keeps a range of exact weeks whole, with no days around', () => {
    expect(splitWeeks({ from: '2026-11-02', to: '2026-11-29' })).toEqual({
      weeks: { from: '2026-11-02', to: '2026-11-23' },
      days: [],
    });
  });

  it('leaves a range without a whole week as days', () => {
    expect(splitWeeks({ from: '2026-11-04', to: '2026-11-10' })).toEqual({
      weeks: null,
      days: [{ from: '2026-11-04', to: '2026-11-10' }],
    });
  });
});
