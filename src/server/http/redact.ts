/** Private booking links carry a secret token; logs keep the path but not the token. */
export function redactUrl(url: string): string {
  return url.replace(/\/(token|cancel|confirm)\/[^/?#]+/g, '/$1/[redacted]');
}
