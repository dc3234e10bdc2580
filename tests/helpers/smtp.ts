/** A real SMTP server on loopback (smtp-server), and just enough MIME reading to check what arrived. */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';


export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  content: string;
}
export interface Received {
  rcptTo: string[];
  raw: string;
  headers: Record<string, string>;
  parts: MimePart[];
  /** The decoded text/plain part. */
  text: string;
  html: string;
}
export interface Smtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (!(key in headers)) headers[key] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

const param = (header: string | undefined, name: string) => header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'))?.[1] ?? null;

function parseEntity(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1, -1);
    return { headers, parts: sections.flatMap((s) => parseEntity(s.replace(/^\r\n/, '')).parts) };
  }
  return {
    headers,
    parts: [
      {
        headers,
        contentType,
        filename: param(headers['content-disposition'], 'filename') ?? param(contentType, 'name'),
        content: decodeBody(body.replace(/\r\n$/, ''), headers['content-transfer-encoding']),
      },
    ],
  };
}

export function parseMessage(raw: string, rcptTo: string[]): Received {
  const { headers, parts } = parseEntity(raw);
  const leaf = (type: string) => parts.find((p) => p.contentType.toLowerCase().startsWith(type) && !p.filename)?.content ?? '';
  return { rcptTo, raw, headers, parts, text: leaf('text/plain'), html: leaf('text/html') };
}

export async function startSmtp(port = 0): Promise<Smtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMessage(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port nothing listens on. */
export async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

