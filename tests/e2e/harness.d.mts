// Types for harness.mjs (plain JavaScript so the scripts can use it without a build).
export declare const root: string;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const E2E_ADMIN: { username: string; password: string };
export declare function buildApp(): void;
export declare function freePort(): Promise<number>;
export declare function prepareRun(): Promise<() => void>;
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The last lines the server wrote. */
  tail: string[];
  stop(): Promise<void>;
}
export declare function startServer(options?: {
  env?: Record<string, string>;
  quiet?: boolean;
}): Promise<RunningServer>;
export declare function nzWeekdayAhead(n: number): string;
export interface ApiBooking {
  id: number;
  cancelToken: string;
  date: string;
  time: string;
  status: string;
  firstName: string;
  lastName: string;
  [key: string]: unknown;
}
export declare function createBooking(baseUrl: string, overrides?: Record<string, unknown>): Promise<ApiBooking>;
export declare function adminCookie(baseUrl: string): Promise<string>;
