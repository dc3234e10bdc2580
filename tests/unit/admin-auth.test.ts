import { describe, expect, it } from 'vitest';
import { loginErrorText, waitText } from '../../src/client/features/admin/auth/login-error';
import { loginUrl, readLoginParams, safeReturnPath } from '../../src/client/features/admin/auth/return-path';
import { tabFromPath } from '../../src/client/features/admin/shell/admin-tabs';

describe('the way back after sign-in', () => {
  it('keeps an admin path she asked for, with its query', () => {
    expect(safeReturnPath('/admin/pending')).toBe('/admin/pending');
    expect(safeReturnPath('/admin/appointments?day=2026-12-01')).toBe('/admin/appointments?day=2026-12-01');
    expect(safeReturnPath('/admin')).toBe('/admin');
  });

  it('refuses anything that is not one of our admin pages', () => {
    for (const next of [
      null,
      '',
      '/',
      '/booking',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/admin-evil',
      '/administrator',
      '/admin\\..\\x',
      '/admin/login',
      '/admin/login?next=/admin',
      '/admin/\u0000',
    ]) {
      expect(safeReturnPath(next)).toBe('/admin');
    }
  });

  it('builds the login URL with the way back and the reason, and reads it again', () => {
    expect(loginUrl('/admin')).toBe('/admin/login');
    expect(loginUrl('/admin/pending')).toBe('/admin/login?next=%2Fadmin%2Fpending');
    const url = loginUrl('/admin/appointments?x=1&y=2', 'expired');
    expect(readLoginParams(url.split('?')[1] ?? '')).toEqual({
      next: '/admin/appointments?x=1&y=2',
      reason: 'expired',
    });
    expect(readLoginParams('next=https%3A%2F%2Fevil.example&reason=other')).toEqual({ next: '/admin', reason: null });
  });
});

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

describe('the tab a path selects', () => {
  it('selects Appointments for /admin and /admin/appointments, and the others by their first segment', () => {
    expect(tabFromPath('/admin')).toBe('appointments');
    expect(tabFromPath('/admin/')).toBe('appointments');
    expect(tabFromPath('/admin/appointments')).toBe('appointments');
    expect(tabFromPath('/admin/pending')).toBe('pending');
    expect(tabFromPath('/admin/pending/42?x=1')).toBe('pending');
    expect(tabFromPath('/admin/availability')).toBe('availability');
    expect(tabFromPath('/admin/reviews')).toBe('reviews');
    expect(tabFromPath('/admin/services')).toBe('services');
    expect(tabFromPath('/admin/outbox')).toBe('outbox');
    expect(tabFromPath('/admin/nothing')).toBeNull();
  });
});
