import { describe, expect, it } from 'vitest';
import { isNotFoundError, parseApiError } from '../../src/client/features/booking/api-error';

describe('parseApiError', () => {
  it('reads the message of a JSON body', () => {
    const err = new Error('409: {"message":"This time is no longer available. Please choose another time."}');
    expect(parseApiError(err)).toEqual({ status: 409, message: 'This time is no longer available. Please choose another time.', fieldErrors: [] });
  });

  it('reads field errors', () => {
    const err = new Error('400: {"message":"Please enter a valid email","errors":[{"path":"email","message":"Please enter a valid email"},{"bad":1}]}');
    expect(parseApiError(err).fieldErrors).toEqual([{ path: 'email', message: 'Please enter a valid email' }]);
  });

  it('has no message for a non-JSON body or a network failure', () => {
    expect(parseApiError(new Error('502: Bad Gateway'))).toEqual({ status: 502, message: null, fieldErrors: [] });
    expect(parseApiError(new TypeError('Failed to fetch'))).toEqual({ status: null, message: null, fieldErrors: [] });
    expect(parseApiError(undefined)).toEqual({ status: null, message: null, fieldErrors: [] });
    expect(parseApiError(new Error('500: {"message":""}')).message).toBeNull();
  });
});

describe('isNotFoundError', () => {
  it('is true when the message contains 404', () => {
    expect(isNotFoundError(new Error('404: {"message":"Booking not found"}'))).toBe(true);
    expect(isNotFoundError(new Error('409: {"message":"This booking request was declined"}'))).toBe(false);
  });
});
