/**
 * Query keys of the clients (docs/product.md §12), in one place so that every change invalidates through these.
 * Everything under '/api/admin/clients' refreshes together: a change on the client page refreshes the
 * list, and the merge drops the merged-away client's page.
 */
export const clientKeys = {
  all: ['/api/admin/clients'] as const,
  lists: ['/api/admin/clients', 'list'] as const,
  list: (q: string) => ['/api/admin/clients', 'list', q] as const,
  detail: (id: number) => ['/api/admin/clients', 'detail', id] as const,
  health: (id: number) => ['/api/admin/clients', 'health', id] as const,
  accessLog: (id: number) => ['/api/admin/clients', 'access-log', id] as const,
};
