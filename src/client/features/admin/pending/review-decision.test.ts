import { describe, expect, it } from 'vitest';
import { approvalBreaksRoute } from '@shared/messages';
import {
  DECISION_FAILED,
  DECISION_WORDS,
  decisionBody,
  decisionFailure,
  decisionSuccessText,
  matchAnswerMissing,
  submitLabel,
} from './review-decision';

const APPROVAL_BREAKS_ROUTE = approvalBreaksRoute('gap-before', 60);

describe('the decision (docs/product.md §2, §4, §5, §8)', () => {
  it('uses the spec words for each decision', () => {
    expect(DECISION_WORDS.confirmed).toMatchObject({
      title: 'Approve Booking',
      noteLabel: 'Additional instructions (optional)',
      submit: 'Confirm Booking',
      toastTitle: 'Booking approved',
      analyticsEvent: 'booking_approved',
    });
    expect(DECISION_WORDS.rejected).toMatchObject({
      title: 'Reject Booking',
      noteLabel: 'Reason for rejection (optional)',
      submit: 'Reject Booking',
      toastTitle: 'Booking rejected',
      analyticsEvent: 'booking_rejected',
    });
    expect(decisionSuccessText('confirmed')).toBe(
      'The booking has been confirmed. An email has been sent to the client.',
    );
    expect(decisionSuccessText('rejected')).toBe(
      'The booking has been rejected. An email has been sent to the client.',
    );
  });

  it('trims the note and leaves an empty one out', () => {
    expect(decisionBody('confirmed', '  Bring <a towel> & oil \n')).toEqual({
      status: 'confirmed',
      adminNote: 'Bring <a towel> & oil',
    });
    expect(decisionBody('rejected', '   ')).toEqual({ status: 'rejected' });
    // Her confirmation that she has read the client's health red flags (docs/product.md §13).
    expect(decisionBody('confirmed', '', false, true)).toEqual({ status: 'confirmed', confirmHealth: true });
    expect(JSON.stringify(decisionBody('rejected', ''))).toBe('{"status":"rejected"}');
  });

  it('sends confirmClash only once she approves a clash anyway (issue 23)', () => {
    expect(decisionBody('confirmed', '', true)).toEqual({ status: 'confirmed', confirmClash: true });
    expect(decisionBody('confirmed', '', false)).toEqual({ status: 'confirmed' });
    expect(submitLabel('confirmed', true)).toBe('Approve anyway');
    expect(submitLabel('confirmed', false)).toBe('Confirm Booking');
    expect(submitLabel('rejected', true)).toBe('Reject Booking');
  });

  it("gives the server's reason when the request can no longer be decided, and refreshes", () => {
    expect(decisionFailure('REQUEST_EXPIRED', 'This booking request expired before it was answered')).toEqual({
      description: 'This booking request expired before it was answered. The list has been refreshed.',
      stale: true,
    });
    expect(decisionFailure('BOOKING_NOT_FOUND', 'Booking not found.').description).toBe(
      'Booking not found. The list has been refreshed.',
    );
  });

  it('says why an approval would break the day’s drive, and keeps the request (still pending) in place', () => {
    expect(decisionFailure('APPROVAL_BREAKS_ROUTE', APPROVAL_BREAKS_ROUTE)).toEqual({
      description: APPROVAL_BREAKS_ROUTE,
      stale: false,
    });
  });

  it('decides by the code, whatever the words', () => {
    expect(decisionFailure('STATUS_CHANGE_NOT_ALLOWED', 'This booking request was declined')).toEqual({
      description: 'This booking request was declined. The list has been refreshed.',
      stale: true,
    });
    // The route's words under another code are not a route refusal, and a 409 of another kind is not stale.
    expect(decisionFailure('VALIDATION_FAILED', APPROVAL_BREAKS_ROUTE)).toEqual({
      description: DECISION_FAILED,
      stale: false,
    });
    expect(decisionFailure('CONFLICT', 'This conflicts with existing data')).toEqual({
      description: DECISION_FAILED,
      stale: false,
    });
  });

  it('gives the §8 sentence for any other failure', () => {
    expect(decisionFailure('INTERNAL_ERROR', 'Internal Server Error')).toEqual({
      description: DECISION_FAILED,
      stale: false,
    });
    expect(decisionFailure(null, undefined)).toEqual({ description: DECISION_FAILED, stale: false });
    expect(decisionFailure('STATUS_CHANGE_NOT_ALLOWED', undefined)).toEqual({
      description: DECISION_FAILED,
      stale: true,
    });
    expect(DECISION_FAILED).toBe('Failed to update booking status. Please try again.');
  });

  it('sends her answer on a possible match with an approval only (issue 39)', () => {
    expect(decisionBody('confirmed', '', false, false, 'link')).toEqual({ status: 'confirmed', clientMatch: 'link' });
    expect(decisionBody('confirmed', ' Gate code 12 ', false, true, 'separate')).toEqual({
      status: 'confirmed',
      adminNote: 'Gate code 12',
      confirmHealth: true,
      clientMatch: 'separate',
    });
    // Left out, the match stays open on the client's page; a rejection never decides it.
    expect(decisionBody('confirmed', '', false, false, null)).toEqual({ status: 'confirmed' });
    expect(decisionBody('rejected', '', false, false, 'link')).toEqual({ status: 'rejected' });
  });

  it('waits for her answer on a possible match before approving', () => {
    expect(matchAnswerMissing('confirmed', true, null)).toBe(true);
    expect(matchAnswerMissing('confirmed', true, 'separate')).toBe(false);
    expect(matchAnswerMissing('confirmed', false, null)).toBe(false);
    expect(matchAnswerMissing('rejected', true, null)).toBe(false);
  });
});
