import { describe, expect, it } from 'vitest';
import { canEditNote, editableText, noteTimeText, visitHasStarted } from './visit-notes-view';

// 2025-12-03 14:00 in Auckland (NZDT, UTC+13).
const now = new Date('2025-12-03T01:00:00Z');

describe('visitHasStarted', () => {
  it('is true for a confirmed visit from its start on', () => {
    expect(visitHasStarted({ status: 'confirmed', date: '2025-12-03', time: '14:00' }, now)).toBe(true);
    expect(visitHasStarted({ status: 'confirmed', date: '2025-12-03', time: '14:30' }, now)).toBe(false);
    expect(visitHasStarted({ status: 'pending', date: '2025-12-01', time: '09:00' }, now)).toBe(false);
  });
});

describe('editableText', () => {
  it('says until when, in Auckland time, today or tomorrow', () => {
    expect(editableText('2025-12-04T02:15:00Z', now)).toBe('Editable until 3:15 PM tomorrow');
    expect(editableText('2025-12-03T05:00:00Z', now)).toBe('Editable until 6:00 PM today');
    expect(editableText('2025-12-05T02:15:00Z', now)).toBe('Editable until 3:15 PM on Fri 5 Dec');
  });

  it('is null once the 24 hours have passed', () => {
    expect(editableText('2025-12-03T00:59:00Z', now)).toBeNull();
    expect(canEditNote('2025-12-03T00:59:00Z', now)).toBe(false);
    expect(canEditNote('2025-12-04T00:59:00Z', now)).toBe(true);
  });
});

describe('noteTimeText', () => {
  it('writes an instant on the Auckland clock', () => {
    expect(noteTimeText('2025-12-03T01:00:00Z')).toBe('Wed 3 Dec 2025, 2:00 PM');
  });
});
