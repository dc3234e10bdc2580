/**
 * For e2e files that read the e-mails: a built server of the file's own, with a real SMTP sink
 * and the mail worker polling fast. Register it once at the top of the file; it starts before
 * the file's tests and stops after them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtp, type Received, type Smtp } from '../helpers/smtp';
import { startServer, type RunningServer } from './harness.mjs';

/** Where the practice's own notifications go. */
export const THERAPIST_EMAIL = 'therapist@example.nz';

export interface MailServer {
  readonly server: RunningServer;
  readonly smtp: Smtp;
  /** Waits for the e-mail to `address` (with exactly this subject, when given). */
  mailTo(address: string, subject?: string): Promise<Received>;
}

export function useMailServer(env: Record<string, string> = {}): MailServer {
  let smtp: Smtp | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      quiet: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_WORKER_ENABLED: 'true',
        MAIL_POLL_SECONDS: '0.2',
        MAIL_NOTIFY_TO: THERAPIST_EMAIL,
        ...env,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('useMailServer: the server has not started (use it inside tests and hooks)');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get smtp() {
      return started(smtp);
    },
    async mailTo(address, subject) {
      const find = () =>
        started(smtp).received.find(
          (m) => m.rcptTo.includes(address) && (subject === undefined || m.headers.subject === subject),
        );
      await expect
        .poll(find, { timeout: 20_000, message: `the e-mail ${subject ? `'${subject}' ` : ''}to ${address}` })
        .toBeDefined();
      return find()!;
    },
  };
}
