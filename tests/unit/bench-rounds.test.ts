import { describe, expect, it } from 'vitest';
import { medianOfRounds } from '../../scripts/bench/run-cannon.js';
import { ratio } from '../../scripts/bench/run-report.js';
import type { EndpointResult } from '../../scripts/bench/run-settings.js';

const round = (rps: number, p99: number, ceilingRps: number, extra: Partial<EndpointResult> = {}): EndpointResult => ({
  name: 'GET /api/tickets (customer, 20)',
  method: 'GET',
  path: '/api/tickets',
  authenticated: true,
  rps,
  p50: p99 / 2,
  p99,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  ceilingRps,
  ratioToCeiling: rps / ceilingRps,
  peakRssBytes: 100,
  serverCpuCores: 0.9,
  ...extra,
});

// The bench measures each authenticated list in rounds and reports the medians (scripts/bench/run-database.ts).
describe("the bench's rounds of one list", () => {
  it('give the median of each figure, not the figures of one round', () => {
    const r = medianOfRounds([round(1000, 60, 2000), round(1800, 30, 2000), round(1500, 45, 1500)]);
    expect(r.rps).toBe(1500);
    expect(r.p99).toBe(45);
    expect(r.p50).toBe(22.5);
    expect(r.ceilingRps).toBe(2000);
    // The ratios are 0.5, 0.9 and 1.0: the median ratio, not the ratio of the medians (0.75).
    expect(r.ratioToCeiling).toBe(0.9);
    expect(r.rounds).toEqual([
      { rps: 1000, p99: 60, ratioToCeiling: 0.5 },
      { rps: 1800, p99: 30, ratioToCeiling: 0.9 },
      { rps: 1500, p99: 45, ratioToCeiling: 1 },
    ]);
  });

  it('add up the requests and failures of every round and keep the highest memory', () => {
    const r = medianOfRounds([
      round(1000, 60, 2000, { non2xx: 2, peakRssBytes: 300 }),
      round(1800, 30, 2000, { errors: 1, timeouts: 4, peakRssBytes: 200 }),
    ]);
    expect(r.requests).toBe(28_000);
    expect(r.non2xx).toBe(2);
    expect(r.errors).toBe(1);
    expect(r.timeouts).toBe(4);
    expect(r.peakRssBytes).toBe(300);
  });

  it('of one round are that round', () => {
    const one = round(1234, 40, 1500);
    expect(medianOfRounds([one])).toEqual({ ...one, rounds: [{ rps: 1234, p99: 40, ratioToCeiling: 1234 / 1500 }] });
  });

  it('without a ceiling have no ratio', () => {
    const r = medianOfRounds([round(1, 1, 1, { ceilingRps: null, ratioToCeiling: null }), round(2, 2, 2)]);
    expect(r.ratioToCeiling).toBeNull();
    expect(r.ceilingRps).toBeNull();
  });

  it("give the median ratio to the list's own statement when every round has one", () => {
    const r = medianOfRounds([
      round(1000, 60, 2000, { ownCeilingRps: 1250, ratioToOwnCeiling: 0.8 }),
      round(1800, 30, 2000, { ownCeilingRps: 2000, ratioToOwnCeiling: 0.9 }),
      round(1500, 45, 1500, { ownCeilingRps: 2500, ratioToOwnCeiling: 0.6 }),
    ]);
    expect(r.ratioToOwnCeiling).toBe(0.8);
    expect(r.ownCeilingRps).toBe(2000);
    expect(r.rounds?.map((x) => x.ratioToOwnCeiling)).toEqual([0.8, 0.9, 0.6]);
    const partly = medianOfRounds([round(1, 1, 1, { ownCeilingRps: 1, ratioToOwnCeiling: 1 }), round(2, 2, 2)]);
    expect(partly).not.toHaveProperty('ratioToOwnCeiling');
    expect(partly).not.toHaveProperty('ownCeilingRps');
  });

  it('must be at least one', () => {
    expect(() => medianOfRounds([])).toThrow(/no rounds/);
  });
});

describe("the bench's ratio figure", () => {
  it('shows two places, or three where two would show the target for a figure that is not it', () => {
    expect(ratio(0.7842)).toBe('0.78');
    expect(ratio(0.6996)).toBe('0.700');
    expect(ratio(0.7049)).toBe('0.705');
    expect(ratio(0.7)).toBe('0.70');
  });
});
