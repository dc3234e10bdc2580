/** The query key of her settings (GET/PATCH /api/admin/settings), shared by the read and the save. */
export const SETTINGS_KEY = ['/api/admin/settings'] as const;
