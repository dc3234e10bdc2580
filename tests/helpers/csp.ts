/**
 * The page's inline scripts are allowed by the CSP's nonce for this response (src/server/http/security.ts): every
 * script element that runs carries it, the policy names it, and nothing else lets an inline script run.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { expect } from 'vitest';

export function expectScriptsByNonce(res: { body: string; headers: Record<string, unknown> }): string {
  const scriptSrc = String(res.headers['content-security-policy'])
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))!;
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('sha256-');
  const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(scriptSrc)?.[1];
  expect(nonce, scriptSrc).toBeDefined();
  const scripts = DomUtils.findAll((el) => el.name === 'script', parseDocument(res.body).children);
  for (const script of scripts.filter((s) => s.attribs.type !== 'application/json'))
    expect(script.attribs.nonce, DomUtils.getOuterHTML(script).slice(0, 120)).toBe(nonce);
  return nonce!;
}
