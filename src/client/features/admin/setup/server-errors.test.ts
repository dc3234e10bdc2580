import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { stepErrors } from './server-errors';

const refusal = (body: unknown, status = 400) => new ApiError(status, JSON.stringify(body));

describe('a refused step', () => {
  it("puts each field's message on its field, the first one only", () => {
    const err = refusal({
      code: 'VALIDATION_FAILED',
      message: 'Practice name is required',
      errors: [
        { path: 'practice.name', message: 'Practice name is required' },
        { path: 'practice.localTowns.2', message: 'Town is required' },
        { path: 'practice.localTowns.3', message: 'Town is required again' },
      ],
    });
    expect(stepErrors(err, { 'practice.name': 'name', 'practice.localTowns': 'towns' })).toEqual({
      fields: { name: 'Practice name is required', towns: 'Town is required' },
      form: null,
    });
  });

  it('says a message no field of the step shows for the whole form', () => {
    const err = refusal({
      code: 'VALIDATION_FAILED',
      message: 'Tagline is required',
      errors: [{ path: 'practice.tagline', message: 'Tagline is required' }],
    });
    expect(stepErrors(err, { 'practice.name': 'name' })).toEqual({ fields: {}, form: 'Tagline is required' });
    expect(stepErrors(refusal({ code: 'UNAUTHENTICATED', message: 'Not authenticated' }, 401), {}).form).toBe(
      'Not authenticated',
    );
    expect(stepErrors(new TypeError('Failed to fetch'), {}).form).toBe('Could not reach the server. Please try again.');
  });
});
