/**
 * A push service on 127.0.0.1 for the Web Push tests (docs/product.md §15): records each request (headers and the
 * encrypted body) and answers the statuses queued with `answerNext` (201 otherwise). `browser()` makes a subscriber's
 * keys, as a browser does, and decrypts what was sent to it (aes128gcm, RFC 8291, with http_ece).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';

export interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  origin: string;
  requests: PushRequest[];
  /** The next answers, in order (then 201). */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const requests: PushRequest[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...statuses) => answers.push(...statuses),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FakeBrowser {
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plain text of a request the push service received for this browser. */
  decrypt(body: Buffer): string;
}

export function browser(service: PushService, name: string): FakeBrowser {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    subscription: {
      endpoint: `${service.origin}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
    decrypt: (body) =>
      (ece as { decrypt(b: Buffer, p: object): Buffer })
        .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
        .toString('utf8'),
  };
}

/**
 * Checks a request's `Authorization: vapid t=<JWT>, k=<key>` as a push service does (RFC 8292): the key is
 * `publicKey`, the JWT's ES256 signature verifies with it, its audience is the endpoint's origin. Answers the claims.
 */
export function verifiedVapidClaims(header: string | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error("the VAPID key is not the server's public key");
  const [head, claims, signature] = jwt!.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header0.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header0.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}
