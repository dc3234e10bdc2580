/** The query key of a visit's receipts (GET /api/admin/bookings/{id}/receipts), shared by the read and the writes. */
export const receiptsKey = (bookingId: number) => [`/api/admin/bookings/${bookingId}/receipts`] as const;
