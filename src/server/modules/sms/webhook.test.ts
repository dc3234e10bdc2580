import { describe, expect, it } from 'vitest';
import { readInbound } from './webhook';

describe('readInbound', () => {
  it('reads STOP and the other opt-out words, whatever the case and spacing, and START', () => {
    for (const body of ['STOP', ' stop ', 'Stop.', 'unsubscribe', 'STOPALL', 'quit']) {
      expect(readInbound({ From: '+64211234567', Body: body }, {})).toEqual({
        kind: 'reply',
        from: '+64211234567',
        keyword: 'stop',
      });
    }
    expect(readInbound({ From: '+64211234567', Body: 'start' }, {})).toMatchObject({ keyword: 'start' });
    expect(readInbound({ From: '+64211234567', Body: 'Please stop by at 10' }, {})).toMatchObject({ keyword: null });
  });

  it('reads a status callback with its outbox id and error code', () => {
    expect(
      readInbound(
        { MessageSid: 'SM123', MessageStatus: 'undelivered', ErrorCode: '30003', To: '+64211234567' },
        { outbox: '42' },
      ),
    ).toEqual({ kind: 'status', messageSid: 'SM123', status: 'undelivered', errorCode: 30003, outboxId: 42 });
    expect(readInbound({ MessageSid: 'SM1', MessageStatus: 'delivered' }, { outbox: 'x' })).toMatchObject({
      errorCode: null,
      outboxId: null,
    });
  });

  it('knows nothing else', () => {
    expect(readInbound({ Foo: 'bar' }, {})).toEqual({ kind: 'unknown' });
  });
});
