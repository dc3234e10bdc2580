import { describe, expect, it } from 'vitest';
import { ApiError } from './api';

describe('ApiError', () => {
  it('keeps the "{status}: {body}" message and reads the message of a JSON body', () => {
    const err = new ApiError(409, '{"message":"This time is no longer available. Please choose another time."}');
    expect(err.message).toBe('409: {"message":"This time is no longer available. Please choose another time."}');
    expect(err.status).toBe(409);
    expect(err.body?.message).toBe('This time is no longer available. Please choose another time.');
    expect(err.fieldErrors).toEqual([]);
  });

  it('reads field errors', () => {
    const err = new ApiError(
      400,
      '{"message":"Please enter a valid email","errors":[{"path":"email","message":"Please enter a valid email"}]}',
    );
    expect(err.fieldErrors).toEqual([{ path: 'email', message: 'Please enter a valid email' }]);
  });

  it('has no message for a non-JSON body', () => {
    const err = new ApiError(502, 'Bad Gateway');
    expect(err.message).toBe('502: Bad Gateway');
    expect(err.body).toBeNull();
    expect(err.fieldErrors).toEqual([]);
    expect(new ApiError(500, '{"message":""}').body?.message || null).toBeNull();
  });

  it('tells a 404 by its status', () => {
    const notFound: unknown = new ApiError(404, '{"message":"Booking not found"}');
    const declined: unknown = new ApiError(409, '{"message":"This booking request was declined"}');
    expect(notFound instanceof ApiError && notFound.status === 404).toBe(true);
    expect(declined instanceof ApiError && declined.status === 404).toBe(false);
  });
});
