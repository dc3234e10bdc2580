/** Short `app.inject` calls for the API tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The client's address, for the per-address limits. */
  remoteAddress?: string;
}

export interface Requests {
  request(method: Method, url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** A GET that must answer 200; answers the parsed body. */
  getJson<T>(url: string, options?: RequestOptions): Promise<T>;
  post(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  del(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

/**
 * Requests to the app `app()` answers at the time of the call (it is built in a hook),
 * each carrying `headers()` (the session cookie of `t.admin`) under its own headers.
 */
export function requestsTo(app: () => FastifyInstance, headers: () => Record<string, string> = () => ({})): Requests {
  const request: Requests['request'] = (method, url, payload, options = {}) =>
    app().inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { ...headers(), ...options.headers },
      remoteAddress: options.remoteAddress,
    });
  return {
    request,
    get: (url, options) => request('GET', url, undefined, options),
    async getJson<T>(url: string, options?: RequestOptions) {
      const res = await request('GET', url, undefined, options);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    },
    post: (url, payload, options) => request('POST', url, payload, options),
    put: (url, payload, options) => request('PUT', url, payload, options),
    patch: (url, payload, options) => request('PATCH', url, payload, options),
    del: (url, options) => request('DELETE', url, undefined, options),
  };
}
