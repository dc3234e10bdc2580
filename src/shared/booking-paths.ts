/** The private link's pages (docs/product.md §2, §13). The token is the credential, so it is always URL-encoded. */

export const bookingConfirmPath = (cancelToken: string) => `/booking/confirm/${encodeURIComponent(cancelToken)}`;

export const bookingCancelPath = (cancelToken: string) => `/booking/cancel/${encodeURIComponent(cancelToken)}`;

/** The booking's health form (docs/product.md §13), for the client whose form is missing or out of date. */
export const bookingHealthPath = (cancelToken: string) => `/booking/health/${encodeURIComponent(cancelToken)}`;

/** 'Change time' (docs/product.md §4 "Changing a visit"): the page that moves the visit to another time. */
export const bookingChangePath = (cancelToken: string) => `/booking/change/${encodeURIComponent(cancelToken)}`;
/** A waitlist offer's page (docs/product.md §4 "Waitlist"): shows the offered time with 'Book this time'. Opening it
 * never books. */
export const waitlistOfferPath = (token: string) => `/waitlist/offer/${encodeURIComponent(token)}`;

/** A waitlist entry's page to leave the list (docs/product.md §4 "Waitlist"). */
export const waitlistLeavePath = (token: string) => `/waitlist/leave/${encodeURIComponent(token)}`;
