/** The query key of her money settings (GET/PUT /api/admin/money/settings), shared by the read and the save. */
export const MONEY_SETTINGS_KEY = ['/api/admin/money/settings'] as const;
