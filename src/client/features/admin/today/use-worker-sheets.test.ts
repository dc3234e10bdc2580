import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DAY_SHEETS_REFRESHED_MESSAGE } from '@shared/admin-app';
import type { DaySheet } from '@shared/schemas/day-sheet';
import { daySheetKey } from './api/get-day-sheet';
import { applyWorkerSheets } from './use-worker-sheets';

const sheet = (date: string, generatedAt: string): DaySheet => ({ date, generatedAt, totalKm: 0, visits: [] });
const message = (...sheets: DaySheet[]) => ({
  type: DAY_SHEETS_REFRESHED_MESSAGE,
  sheets: sheets.map((s) => ({ date: s.date, sheet: s })),
});

describe('applyWorkerSheets', () => {
  it("takes the worker's newer sheets into the page's queries, Today's and Tomorrow's", () => {
    const client = new QueryClient();
    client.setQueryData(daySheetKey('2026-11-30'), sheet('2026-11-30', '2026-11-29T18:00:00.000Z'));
    const newer = sheet('2026-11-30', '2026-11-29T18:15:00.000Z');
    const tomorrow = sheet('2026-12-01', '2026-11-29T18:15:00.000Z');
    expect(applyWorkerSheets(client, message(newer, tomorrow))).toEqual(['2026-11-30', '2026-12-01']);
    expect(client.getQueryData(daySheetKey('2026-11-30'))).toEqual(newer);
    expect(client.getQueryData(daySheetKey('2026-12-01'))).toEqual(tomorrow);
  });

  it('keeps what the page fetched itself after the worker did', () => {
    const client = new QueryClient();
    const own = sheet('2026-11-30', '2026-11-29T18:20:00.000Z');
    client.setQueryData(daySheetKey('2026-11-30'), own);
    expect(applyWorkerSheets(client, message(sheet('2026-11-30', '2026-11-29T18:15:00.000Z')))).toEqual([]);
    expect(client.getQueryData(daySheetKey('2026-11-30'))).toEqual(own);
  });

  it('ignores other messages and a sheet filed under another date', () => {
    const client = new QueryClient();
    expect(applyWorkerSheets(client, { type: 'something-else', sheets: [] })).toEqual([]);
    expect(applyWorkerSheets(client, null)).toEqual([]);
    const wrong = {
      type: DAY_SHEETS_REFRESHED_MESSAGE,
      sheets: [{ date: '2026-12-01', sheet: sheet('2026-11-30', 'x') }],
    };
    expect(applyWorkerSheets(client, wrong)).toEqual([]);
    expect(client.getQueryData(daySheetKey('2026-12-01'))).toBeUndefined();
  });
});
