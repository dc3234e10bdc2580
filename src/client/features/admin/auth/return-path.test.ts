import { describe, expect, it } from 'vitest';
import { loginUrl, readLoginParams, safeReturnPath } from './return-path';

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
