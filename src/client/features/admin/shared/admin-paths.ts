/** The sign-in page: where signing out and an expired session both lead. */
export const LOGIN_PATH = '/admin/login';
