/** The access log's lines in her words (docs/privacy.md): what was done, by whom, when (NZ time). */
import type { AccessLogEntry } from '@shared/schemas/health';

const ACTIONS: Record<string, string> = {
  'health-form:read': 'Health form read',
  'health-form:write': 'Health form saved',
  'notes:read': 'Notes read',
  'notes:write': 'Notes written',
  export: 'Exported',
  correct: 'Details corrected',
  merge: 'Clients merged',
  erase: 'Erased',
  book: 'Booked by hand',
};

/** 'Health form read' for a known action; the code itself otherwise. */
export const actionText = (action: string): string => ACTIONS[action] ?? action;

/** 'you (admin)', 'the client (their private link)', 'Homevisit (retention)'. */
export function actorText(entry: Pick<AccessLogEntry, 'actor'>): string {
  if (entry.actor === 'client') return 'the client (their private link)';
  if (entry.actor === 'system') return 'Homevisit (retention)';
  return entry.actor;
}
