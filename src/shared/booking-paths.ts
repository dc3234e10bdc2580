/** The private link's two pages (docs/product.md §2). The token is the credential, so it is always URL-encoded. */

export const bookingConfirmPath = (cancelToken: string) => `/booking/confirm/${encodeURIComponent(cancelToken)}`;

export const bookingCancelPath = (cancelToken: string) => `/booking/cancel/${encodeURIComponent(cancelToken)}`;
