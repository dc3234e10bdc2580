import { describe, expect, it } from 'vitest';
import { loginErrorText, waitText } from './login-error';

describe('the sign-in error', () => {
  it("shows the server's message, else 'Login failed'", () => {
    expect(loginErrorText({ code: 'INVALID_CREDENTIALS', serverMessage: 'Invalid credentials' })).toBe(
      'Invalid credentials',
    );
    expect(loginErrorText({ code: 'INTERNAL_ERROR', serverMessage: ' ' })).toBe('Login failed');
    expect(loginErrorText({})).toBe('Login failed');
  });

  it('says how long to wait after too many attempts', () => {
    const text = loginErrorText({
      code: 'TOO_MANY_ATTEMPTS',
      serverMessage: 'Too many sign-in attempts.',
      retryAfterSeconds: 840,
    });
    expect(text).toBe('Too many sign-in attempts. You can try again in about 14 minutes.');
    // Only TOO_MANY_ATTEMPTS asks her to wait.
    expect(
      loginErrorText({ code: 'INVALID_CREDENTIALS', serverMessage: 'Invalid credentials', retryAfterSeconds: 840 }),
    ).toBe('Invalid credentials');
    expect(waitText(30)).toBe('30 seconds');
    expect(waitText(60)).toBe('about 1 minute');
    expect(waitText(61)).toBe('about 2 minutes');
  });
});
