import { describe, expect, it } from 'vitest';
import { testPractice } from './booking.fixture';
import { emailContext } from './email-kinds';

describe('emailContext', () => {
  it('emailContext takes the practice, PUBLIC_URL without a trailing slash, and MAIL_NOTIFY_TO', () => {
    const c = emailContext({
      practice: testPractice,
      publicUrl: 'https://x.nz/',
      mail: { notifyTo: 'n@x.nz' } as never,
    });
    expect(c).toEqual({ practice: testPractice, publicUrl: 'https://x.nz', notifyTo: 'n@x.nz' });
  });
});
