import { describe, expect, it } from 'vitest';
import { canEditNote, editableUntil, noteRefusal, outcomeRefusal, type VisitFacts } from './rules';

const now = new Date('2025-06-10T03:00:00Z');
const visit = (over: Partial<VisitFacts> = {}): VisitFacts => ({
  status: 'confirmed',
  startsAt: new Date('2025-06-10T02:00:00Z'),
  outcome: null,
  ...over,
});

describe('outcomeRefusal', () => {
  it('lets her mark a confirmed visit from its start on, and change the mark', () => {
    expect(outcomeRefusal(visit(), now)).toBeNull();
    expect(outcomeRefusal(visit({ startsAt: now }), now)).toBeNull();
    expect(outcomeRefusal(visit({ outcome: 'no-show' }), now)).toBeNull();
  });

  it('refuses a visit that has not started, and any booking not confirmed', () => {
    const later = new Date(now.getTime() + 60_000);
    expect(outcomeRefusal(visit({ startsAt: later }), now)?.code).toBe('VISIT_NOT_STARTED');
    for (const status of ['pending', 'cancelled', 'rejected'] as const) {
      expect(outcomeRefusal(visit({ status }), now)?.code).toBe('VISIT_NOT_CONFIRMED');
    }
  });
});

describe('noteRefusal', () => {
  it('allows notes on a started confirmed visit, completed or not marked yet', () => {
    expect(noteRefusal(visit(), now)).toBeNull();
    expect(noteRefusal(visit({ outcome: 'completed' }), now)).toBeNull();
  });

  it('refuses a no-show, a visit still to come and a booking not confirmed', () => {
    expect(noteRefusal(visit({ outcome: 'no-show' }), now)?.code).toBe('VISIT_NO_SHOW');
    expect(noteRefusal(visit({ startsAt: new Date('2025-06-11T00:00:00Z') }), now)?.code).toBe('VISIT_NOT_STARTED');
    expect(noteRefusal(visit({ status: 'pending' }), now)?.code).toBe('VISIT_NOT_CONFIRMED');
  });

  it("refuses a note on an erased client's visit", () => {
    expect(noteRefusal(visit({ erasedAt: now }), now)?.code).toBe('BOOKING_ERASED');
    expect(noteRefusal(visit({ erasedAt: null }), now)).toBeNull();
  });
});

describe('editableUntil / canEditNote', () => {
  const written = new Date('2025-06-10T03:15:00Z');
  it('is 24 hours after the note was written', () => {
    expect(editableUntil(written).toISOString()).toBe('2025-06-11T03:15:00.000Z');
  });

  it('allows changes up to that instant and not after', () => {
    expect(canEditNote(written, written)).toBe(true);
    expect(canEditNote(written, new Date('2025-06-11T03:15:00Z'))).toBe(true);
    expect(canEditNote(written, new Date('2025-06-11T03:15:01Z'))).toBe(false);
  });
});
