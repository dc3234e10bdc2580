/** The push settings' query and mutation keys, in one place. */
export const pushKeys = {
  /** GET /api/admin/push; also the prefix of the mutations (useIsMutating). */
  settings: ['/api/admin/push'] as const,
  subscribe: ['/api/admin/push', 'subscribe'] as const,
  unsubscribe: ['/api/admin/push', 'unsubscribe'] as const,
  preferences: ['/api/admin/push', 'preferences'] as const,
  test: ['/api/admin/push', 'test'] as const,
};
