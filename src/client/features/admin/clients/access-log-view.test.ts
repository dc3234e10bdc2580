import { describe, expect, it } from 'vitest';
import { actionText, actorText } from './access-log-view';

describe('access log lines', () => {
  it('says each action in words, and leaves an unknown one as it is', () => {
    expect(actionText('health-form:read')).toBe('Health form read');
    expect(actionText('notes:write')).toBe('Notes written');
    expect(actionText('something-new')).toBe('something-new');
  });

  it('names the client and the retention job, and her by username', () => {
    expect(actorText({ actor: 'client' })).toBe('the client (their private link)');
    expect(actorText({ actor: 'system' })).toBe('Homevisit (retention)');
    expect(actorText({ actor: 'aroha' })).toBe('aroha');
  });
});
