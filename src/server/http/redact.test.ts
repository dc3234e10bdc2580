import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides booking tokens in logged URLs', () => {
    expect(redactUrl('/api/bookings/token/abcDEF123_-')).toBe('/api/bookings/token/[redacted]');
    expect(redactUrl('/api/bookings/cancel/abc?x=1')).toBe('/api/bookings/cancel/[redacted]?x=1');
    expect(redactUrl('/api/services/1')).toBe('/api/services/1');
  });
});
