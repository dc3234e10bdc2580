/** Assertions for refused requests: the status, the error body, and that nothing changed. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiErrorBody, FieldError } from '../../src/shared/api-error';
import { ERROR_CODES, isErrorCode } from '../../src/shared/error-codes';

/** An expected error body; without `code`, any listed code whose status is the answer's. */
type ExpectedError = Omit<ApiErrorBody, 'code'> & { code?: ApiErrorBody['code'] };

/**
 * The answer has this status and, when given, this error: a text is the message alone,
 * a body the whole answer. Every refusal carries a listed code that goes with its status
 * (src/shared/error-codes.ts). Answers the body for further checks.
 */
export function expectRejected(
  res: LightMyRequestResponse,
  status: number,
  expected?: string | ExpectedError,
): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ApiErrorBody>();
  expect(isErrorCode(body.code), `a listed error code in ${res.body}`).toBe(true);
  expect(ERROR_CODES[body.code].status, `the status of ${body.code}`).toBe(status);
  if (typeof expected === 'string') expect(body.message).toBe(expected);
  else if (expected) expect(body).toEqual({ code: body.code, ...expected });
  return body;
}

/** A 400 naming exactly these fields, in order; the answer's message is the first field's. */
export function expectInvalid(res: LightMyRequestResponse, errors: [FieldError, ...FieldError[]]): ApiErrorBody {
  return expectRejected(res, 400, { message: errors[0].message, errors });
}

/**
 * Runs `act` (a request that must change nothing) and checks that `read` sees the same after it; answers what `act`
 * did.
 */
export async function expectUnchanged<T>(read: () => Promise<unknown>, act: () => Promise<T>): Promise<T> {
  const before = await read();
  const result = await act();
  expect(await read()).toEqual(before);
  return result;
}

/**
 * For a form's endpoint: `rejects(payload)` expects any 400, `rejectsWith(payload, errors)`
 * exactly these field errors; both that `read` sees no change. Both answer the error body.
 */
export function rejectionChecks(
  send: (payload: unknown) => Promise<LightMyRequestResponse>,
  read: () => Promise<unknown>,
) {
  return {
    rejects: (payload: unknown) => expectUnchanged(read, async () => expectRejected(await send(payload), 400)),
    rejectsWith: (payload: unknown, errors: [FieldError, ...FieldError[]]) =>
      expectUnchanged(read, async () => expectInvalid(await send(payload), errors)),
  };
}
