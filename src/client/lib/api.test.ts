import { describe, expect, it } from 'vitest';
import { ApiError, errorCode } from './api';

describe('ApiError', () => {
  it('keeps the "{status}: {body}" message and reads the message of a JSON body', () => {
    const text = '{"code":"SLOT_TAKEN","message":"This time is no longer available. Please choose another time."}';
    const err = new ApiError(409, text);
    expect(err.message).toBe(`409: ${text}`);
    expect(err.status).toBe(409);
    expect(err.body?.message).toBe('This time is no longer available. Please choose another time.');
    expect(err.fieldErrors).toEqual([]);
  });

  it('reads field errors', () => {
    const err = new ApiError(
      400,
      '{"code":"VALIDATION_FAILED","message":"Please enter a valid email","errors":[{"path":"email","message":"Please enter a valid email"}]}',
    );
    expect(err.fieldErrors).toEqual([{ path: 'email', message: 'Please enter a valid email' }]);
  });

  it('has no message for a non-JSON body', () => {
    const err = new ApiError(502, 'Bad Gateway');
    expect(err.message).toBe('502: Bad Gateway');
    expect(err.body).toBeNull();
    expect(err.fieldErrors).toEqual([]);
    expect(new ApiError(500, '{"code":"INTERNAL_ERROR","message":""}').body?.message || null).toBeNull();
  });

  it('tells a 404 by its status', () => {
    const notFound: unknown = new ApiError(
      404,
      '{"code":"BOOKING_NOT_FOUND_OR_CANCELLED","message":"Booking not found"}',
    );
    const declined: unknown = new ApiError(
      409,
      '{"code":"STATUS_CHANGE_NOT_ALLOWED","message":"This booking request was declined"}',
    );
    expect(notFound instanceof ApiError && notFound.status === 404).toBe(true);
    expect(declined instanceof ApiError && declined.status === 404).toBe(false);
  });

  it('tells refusals by their code, not their words', () => {
    const taken = new ApiError(409, '{"code":"SLOT_TAKEN","message":"Any wording"}');
    const route = new ApiError(409, '{"code":"ROUTE_DOES_NOT_FIT","message":"Any wording"}');
    expect(taken.code).toBe('SLOT_TAKEN');
    expect(errorCode(route)).toBe('ROUTE_DOES_NOT_FIT');
  });

  it('has no code when the answer is not the API’s', () => {
    expect(new ApiError(502, 'Bad Gateway').code).toBeNull();
    // A JSON message without one of our codes is still shown, but decides nothing.
    expect(new ApiError(401, '{"message":"Unauthorized"}').code).toBeNull();
    expect(new ApiError(401, '{"message":"Unauthorized"}').body?.message).toBe('Unauthorized');
    expect(new ApiError(409, '{"code":"NO_SUCH_CODE","message":"x"}').code).toBeNull();
    expect(errorCode(new Error('Failed to fetch'))).toBeNull();
    expect(errorCode(undefined)).toBeNull();
  });
});
