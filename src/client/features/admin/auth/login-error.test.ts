import { describe, expect, it } from 'vitest';
import { loginErrorText, waitText } from './login-error';

describe('the sign-in error', () => {
  it("shows the server's message, else 'Login failed'", () => {
    expect(loginErrorText({ status: 401, serverMessage: 'Invalid credentials' })).toBe('Invalid credentials');
    expect(loginErrorText({ status: 500, serverMessage: ' ' })).toBe('Login failed');
    expect(loginErrorText({})).toBe('Login failed');
  });

  it('says how long to wait after too many attempts', () => {
    const text = loginErrorText({ status: 429, serverMessage: 'Too many sign-in attempts.', retryAfterSeconds: 840 });
    expect(text).toBe('Too many sign-in attempts. You can try again in about 14 minutes.');
    expect(waitText(30)).toBe('30 seconds');
    expect(waitText(60)).toBe('about 1 minute');
    expect(waitText(61)).toBe('about 2 minutes');
  });
});
