import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { isValidGstin } from '../../src/server/lib/gstin.js';
import {
  financialYearOf,
  indiaDateTime,
  receiptFileName,
  receiptNumber,
} from '../../src/server/modules/receipts/numbering.js';

describe('the Indian financial year of a receipt (April to March, India time)', () => {
  it('turns at midnight between 31 March and 1 April in India, 18:30 UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toBe('2027-28');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
  });

  it('holds from April to the next March, across the new calendar year', () => {
    expect(financialYearOf(new Date('2026-04-01T12:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-12-31T23:59:59+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-01-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });
});

describe('receipt numbers, file names and dates', () => {
  it('RF/<year>/<six digits>, and the file name without slashes', () => {
    expect(receiptNumber('2026-27', 1)).toBe('RF/2026-27/000001');
    expect(receiptNumber('2026-27', 123456)).toBe('RF/2026-27/123456');
    expect(receiptNumber('2026-27', 1234567)).toBe('RF/2026-27/1234567');
    expect(receiptFileName('RF/2026-27/000001')).toBe('RF-2026-27-000001.pdf');
  });

  it('dates in India time', () => {
    expect(indiaDateTime(new Date('2027-03-31T18:30:00Z'))).toBe('1 Apr 2027, 00:00 IST');
    expect(indiaDateTime(new Date('2026-12-05T03:35:00Z'))).toBe('5 Dec 2026, 09:05 IST');
  });
});

describe('GSTIN', () => {
  it('takes a well-formed GSTIN whose check character is right', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
  });

  it('refuses a wrong check character, a wrong shape or a wrong length', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1AV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('2AAAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('')).toBe(false);
  });

  it('is checked at boot: a bad one stops the server naming GSTIN; lower case is taken as upper', () => {
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZW' })).toThrow(ConfigError);
    expect(() => loadConfig({ GSTIN: '27AAPFU0939F1ZW' })).toThrow(/GSTIN/);
    expect(loadConfig({ GSTIN: '27aapfu0939f1zv' }).business.gstin).toBe('27AAPFU0939F1ZV');
  });
});

describe('BUSINESS_NAME and BUSINESS_ADDRESS', () => {
  it('default to the product name and no address', () => {
    expect(loadConfig({}).business).toEqual({ name: 'RemoteFix', address: undefined, gstin: undefined });
  });

  it('are taken trimmed; an address over 500 characters is refused', () => {
    const config = loadConfig({ BUSINESS_NAME: ' Fixers LLP ', BUSINESS_ADDRESS: ' 1 Park Street, Kolkata ' });
    expect(config.business).toEqual({ name: 'Fixers LLP', address: '1 Park Street, Kolkata', gstin: undefined });
    expect(() => loadConfig({ BUSINESS_ADDRESS: 'x'.repeat(501) })).toThrow(/BUSINESS_ADDRESS/);
  });
});
