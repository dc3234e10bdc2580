/**
 * The message of a list field (the introduction's paragraphs, the local towns): the list's own, or its first item's
 * ('practice.intro.1' from the server lands on the item).
 */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, value] of Object.entries(error)) {
    // A field's `ref` is its element (with React's own properties): nothing to find there.
    if (key === 'ref' || key === 'types') continue;
    const inner = firstMessage(value);
    if (inner) return inner;
  }
  return undefined;
}
