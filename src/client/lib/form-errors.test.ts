import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { apiErrorMessages, issueMessages } from './form-errors';

describe('issueMessages', () => {
  it('keeps the first message of each field, by its dotted path', () => {
    expect(
      issueMessages([
        { path: ['buyer', 'email'], message: 'Enter an e-mail' },
        { path: ['buyer', 'email'], message: 'second' },
        { path: ['amountCents'], message: 'Choose a value' },
      ]),
    ).toEqual({ 'buyer.email': 'Enter an e-mail', amountCents: 'Choose a value' });
  });
});

describe('apiErrorMessages', () => {
  it("puts the API's field messages on their fields", () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Please check the form',
      errors: [{ path: 'recipient.email', message: 'Enter their e-mail' }],
    };
    expect(apiErrorMessages(new ApiError(400, JSON.stringify(body)), 'fallback')).toEqual({
      'recipient.email': 'Enter their e-mail',
    });
  });

  it("gives the answer's message to the form, or the fallback when the answer is not the API's", () => {
    const body = { code: 'CARD_PAYMENTS_OFF', message: 'Cards are off' };
    expect(apiErrorMessages(new ApiError(404, JSON.stringify(body)), 'fallback')).toEqual({ form: 'Cards are off' });
    expect(apiErrorMessages(new ApiError(502, 'Bad Gateway'), 'fallback')).toEqual({ form: 'fallback' });
    expect(apiErrorMessages(new Error('offline'), 'fallback')).toEqual({ form: 'fallback' });
  });
});
