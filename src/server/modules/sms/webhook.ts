/**
 * What Twilio posts to POST /api/webhooks/sms (decision 038), pure: a reply's keyword (STOP and Twilio's other opt-out
 * words stop every text; START and UNSTOP allow them again) and a delivery report's fields.
 */

/** Twilio's standard opt-out keywords (its Advanced Opt-Out defaults): any of them alone stops every text. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
/** Twilio's opt-in keywords: texts may go again. */
export const START_WORDS = ['START', 'UNSTOP', 'YES'] as const;

export type Inbound =
  | { kind: 'reply'; from: string; keyword: 'stop' | 'start' | null }
  | { kind: 'status'; messageSid: string | null; status: string; errorCode: number | null; outboxId: number | null }
  | { kind: 'unknown' };

const keywordOf = (body: string): 'stop' | 'start' | null => {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
};

/** Reads the form Twilio posted: an incoming message (From, Body) or a status callback (MessageStatus). */
export function readInbound(params: Record<string, string>, query: Record<string, unknown>): Inbound {
  if (typeof params.MessageStatus === 'string' && params.MessageStatus !== '') {
    const code = Number(params.ErrorCode);
    const outbox = Number(query.outbox);
    return {
      kind: 'status',
      messageSid: params.MessageSid || params.SmsSid || null,
      status: params.MessageStatus.toLowerCase(),
      errorCode: params.ErrorCode && Number.isInteger(code) ? code : null,
      outboxId: Number.isSafeInteger(outbox) && outbox > 0 ? outbox : null,
    };
  }
  if (typeof params.From === 'string' && typeof params.Body === 'string') {
    return { kind: 'reply', from: params.From, keyword: keywordOf(params.Body) };
  }
  return { kind: 'unknown' };
}
