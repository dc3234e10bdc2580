/**
 * The monthly cap reached (decision 038): texts wait, and she is told once, by e-mail, through the e-mail outbox.
 */
import { format } from 'date-fns';
import { EMAIL_KINDS } from '@shared/schemas/outbox';
import { SMS_DAY_STARTS } from '@shared/sms';
import { formatNzTime, nzInstant, toNz } from '@shared/time';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { emailContext, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import { adminMessage } from '../mail/templates';

export const capNoticeSubject = 'Monthly text limit reached';

/** The 1st of the month after 'yyyy-MM', as 'Wednesday 1 April'. */
function nextMonthFirst(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return format(toNz(nzInstant(next, '12:00')), 'EEEE d MMMM');
}

export function capNoticeText(cap: number, month: string): string {
  return [
    `Your site has sent ${cap} ${cap === 1 ? 'text' : 'texts'} this month, the monthly limit you set.`,
    '',
    `Texts to clients now wait: they go out from ${formatNzTime(SMS_DAY_STARTS)} on ${nextMonthFirst(month)}, or as soon as you raise the limit in Settings, Text messages. Reminders of visits that have passed by then are not sent.`,
    '',
    'E-mails to clients are not affected.',
  ].join('\n');
}

/** The e-mail to her: the limit, that texts wait, and how they go again. */
export function capNoticeEmail(ctx: EmailContext, cap: number, month: string): EmailContent {
  const content = adminMessage(
    { to: ctx.notifyTo, subject: capNoticeSubject, message: capNoticeText(cap, month) },
    ctx,
  );
  return { ...content, kind: EMAIL_KINDS.smsCapReached };
}

export async function queueCapNotice(
  db: DbOrTx,
  config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail' | 'logo'>,
  cap: number,
  month: string,
): Promise<number> {
  return enqueueEmail(db, capNoticeEmail(emailContext(config), cap, month), {
    messageIdHost: hostOf(config.publicUrl),
  });
}
