import { describe, expect, it } from 'vitest';
import { bookingsExportQuerySchema, bookingsExportUrl, EXPORT_MESSAGES } from '@shared/schemas/export';
import { matchingPreset, presetRange } from './export-ranges';

describe('export presets (NZ calendar dates)', () => {
  it.each([
    ['2026-11-23', { from: '2026-10-01', to: '2026-10-31' }],
    ['2026-01-01', { from: '2025-12-01', to: '2025-12-31' }],
    ['2024-03-31', { from: '2024-02-01', to: '2024-02-29' }],
    ['2025-03-15', { from: '2025-02-01', to: '2025-02-28' }],
  ])('last month as of %s', (today, range) => {
    expect(presetRange('lastMonth', today)).toEqual(range);
  });

  it.each([
    ['2026-11-23', { from: '2026-11-01', to: '2026-11-30' }],
    ['2026-12-31', { from: '2026-12-01', to: '2026-12-31' }],
    ['2024-02-10', { from: '2024-02-01', to: '2024-02-29' }],
  ])('this month as of %s', (today, range) => {
    expect(presetRange('thisMonth', today)).toEqual(range);
  });

  it.each([
    ['2026-11-23', { from: '2025-04-01', to: '2026-03-31' }],
    ['2026-04-01', { from: '2025-04-01', to: '2026-03-31' }],
    ['2026-03-31', { from: '2024-04-01', to: '2025-03-31' }],
    ['2026-01-05', { from: '2024-04-01', to: '2025-03-31' }],
  ])('the last financial year (1 April to 31 March) as of %s', (today, range) => {
    expect(presetRange('lastFinancialYear', today)).toEqual(range);
  });

  it('names the preset a range matches', () => {
    expect(matchingPreset({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-23')).toBe('lastMonth');
    expect(matchingPreset({ from: '2026-10-01', to: '2026-10-30' }, '2026-11-23')).toBeNull();
  });

  it('gives every preset a range the server accepts', () => {
    for (const preset of ['lastMonth', 'thisMonth', 'lastFinancialYear'] as const) {
      for (const today of ['2024-02-29', '2026-11-23', '2027-03-31']) {
        expect(bookingsExportQuerySchema.safeParse(presetRange(preset, today)).success, `${preset} ${today}`).toBe(
          true,
        );
      }
    }
  });
});

describe('the export query schema', () => {
  const messages = (input: unknown) =>
    bookingsExportQuerySchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('defaults to confirmed bookings', () => {
    expect(bookingsExportQuerySchema.parse({ from: '2025-07-01', to: '2025-07-31' })).toEqual({
      from: '2025-07-01',
      to: '2025-07-31',
      status: 'confirmed',
    });
  });

  it('says what is wrong, under the field', () => {
    expect(messages({ from: '', to: '' })).toEqual([
      ['from', EXPORT_MESSAGES.fromRequired],
      ['to', EXPORT_MESSAGES.toRequired],
    ]);
    expect(messages({ from: '2025-07-02', to: '2025-07-01' })).toEqual([['to', EXPORT_MESSAGES.toBeforeFrom]]);
    expect(messages({ from: '2024-01-01', to: '2025-01-01' })).toEqual([['to', EXPORT_MESSAGES.tooLong]]);
    expect(messages({ from: '2024-01-01', to: '2024-12-31' })).toBeUndefined();
  });

  it('builds the download address', () => {
    expect(bookingsExportUrl({ from: '2025-07-01', to: '2025-07-31', status: 'all' })).toBe(
      '/api/admin/bookings/export.csv?from=2025-07-01&to=2025-07-31&status=all',
    );
  });
});
