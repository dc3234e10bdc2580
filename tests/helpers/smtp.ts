/**
 * A real SMTP server on loopback (smtp-server) whose messages are read by a real MIME parser
 * (mailparser's simpleParser), so tests check what a mail client would see.
 */
import net from 'node:net';
import {
  simpleParser,
  type AddressObject,
  type EmailAddress,
  type HeaderLines,
  type Headers,
  type HeaderValue,
  type StructuredHeader,
} from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MimePart {
  /** Lowercase names, decoded values (see {@link Received.headers}). */
  headers: Record<string, string>;
  /** The bare MIME type, e.g. 'text/calendar'. */
  contentType: string;
  /** The Content-Type parameters (lowercase names), e.g. { method: 'PUBLISH', charset: 'utf-8' }. */
  contentTypeParams: Record<string, string>;
  filename: string | null;
  /** The decoded body, as UTF-8 text. */
  content: string;
}
export interface Received {
  rcptTo: string[];
  /** The message as received, one character per byte (latin1). */
  raw: string;
  /**
   * Lowercase header names, decoded values: encoded words decoded, addresses as
   * 'Name <address>' joined with ', ', structured headers as 'value; param=value',
   * Date as written.
   */
  headers: Record<string, string>;
  /** The attachments. */
  parts: MimePart[];
  /** The decoded text/plain body ('' if none). */
  text: string;
  /** The decoded text/html body ('' if none). */
  html: string;
}
export interface Smtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

const formatAddress = (a: EmailAddress): string =>
  a.group
    ? `${a.name}: ${a.group.map(formatAddress).join(', ')};`
    : a.name
      ? `${a.name} <${a.address ?? ''}>`
      : (a.address ?? '');

const isAddressObject = (v: object): v is AddressObject => 'value' in v && Array.isArray((v as AddressObject).value);
const isStructured = (v: object): v is StructuredHeader =>
  'value' in v &&
  typeof (v as StructuredHeader).value === 'string' &&
  'params' in v &&
  typeof (v as StructuredHeader).params === 'object';

const quoteParam = (v: string) => (/[\s()<>@,;:\\"/[\]?=]/.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : v);

/** The header as written, unfolded, without its name. */
const rawValue = (lines: HeaderLines, key: string) => {
  const line = lines.find((l) => l.key === key)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
};

/** `lines`: the raw header lines, for values kept as written (Date); attachments have none. */
function headerText(value: HeaderValue, key: string, lines: HeaderLines): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return rawValue(lines, key) || value.toUTCString();
  if (Array.isArray(value)) return (value as HeaderValue[]).map((v) => headerText(v, key, lines)).join(', ');
  if (isAddressObject(value)) return value.value.map(formatAddress).join(', ');
  if (isStructured(value)) {
    return [value.value, ...Object.entries(value.params).map(([k, v]) => `${k}=${quoteParam(v)}`)].join('; ');
  }
  return rawValue(lines, key);
}

function headerRecord(headers: Headers, lines: HeaderLines = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of headers) out[key] = headerText(value, key, lines);
  return out;
}

function contentTypeParams(headers: Headers): Record<string, string> {
  const value = headers.get('content-type');
  return value && typeof value === 'object' && isStructured(value) ? { ...value.params } : {};
}

/** Parses one message; `raw` is a Buffer or a string holding one byte per character (latin1). */
export async function parseMessage(raw: string | Buffer, rcptTo: string[]): Promise<Received> {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw;
  const mail = await simpleParser(bytes, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  return {
    rcptTo,
    raw: bytes.toString('latin1'),
    headers: headerRecord(mail.headers, mail.headerLines),
    parts: mail.attachments.map((a) => ({
      headers: headerRecord(a.headers),
      contentType: a.contentType,
      contentTypeParams: contentTypeParams(a.headers),
      filename: a.filename ?? null,
      content: a.content.toString('utf8'),
    })),
    text: mail.text ?? '',
    html: mail.html || '',
  };
}

export async function startSmtp(port = 0): Promise<Smtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const rcptTo = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        // Accepted (250) only once the message is parsed and in `received`.
        parseMessage(Buffer.concat(chunks), rcptTo).then(
          (message) => {
            received.push(message);
            callback();
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
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
