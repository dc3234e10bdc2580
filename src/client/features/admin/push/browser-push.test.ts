import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, deviceLabel, PushSetupError, subscribeThisBrowser } from './browser-push';

describe('this browser and push', () => {
  it('turns the base64url VAPID key into its 65 bytes', () => {
    // 0x04 then 64 bytes of 0xfb, in base64url ('-' and '_' where base64 has '+' and '/').
    const key = btoa(String.fromCharCode(4, ...new Array<number>(64).fill(0xfb)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(key).toMatch(/[-_]/);
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(bytes[64]).toBe(0xfb);
  });

  it('labels a phone by browser and system only', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(deviceLabel('curl/8')).toBe('Browser');
  });

  describe('when the browser refuses a subscription', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });
    const withPushManager = (subscribe: () => Promise<unknown>) => {
      vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
      vi.stubGlobal('navigator', {
        userAgent: 'test',
        serviceWorker: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
      });
    };

    it('says what to do when it throws (a private window)', async () => {
      withPushManager(() => Promise.reject(new DOMException('Registration failed', 'AbortError')));
      const attempt = subscribeThisBrowser('BAAA');
      await expect(attempt).rejects.toBeInstanceOf(PushSetupError);
      await expect(attempt).rejects.toThrow(/private window/);
    });

    it('gives up with the same words when it never answers', async () => {
      vi.useFakeTimers();
      withPushManager(() => new Promise(() => undefined));
      const attempt = subscribeThisBrowser('BAAA');
      const seen = expect(attempt).rejects.toThrow(/could not turn on notifications/);
      await vi.advanceTimersByTimeAsync(21_000);
      await seen;
    });
  });
});
