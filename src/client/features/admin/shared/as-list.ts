/** docs/product.md §7: an answer that is not a list counts as empty. Read by the booking lists of several tabs. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
