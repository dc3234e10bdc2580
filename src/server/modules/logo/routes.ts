/**
 * Her logo (docs/product.md §19): POST and DELETE /api/admin/settings/logo (admin only),
 * and its files at /media/logo/<hash>-<width>.<ext> for everyone (the pages, e-mails, the
 * installed app). Registered as a plugin of its own: the image content types and their 10 MB limit apply to the
 * upload only; every other route keeps JSON and the app's 100 kB.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  LOGO_MEDIA_PREFIX,
  LOGO_MESSAGES,
  LOGO_UPLOAD_TYPES,
  practiceLogo,
  practiceLogoSchema,
} from '@shared/logo';
import { apiError, notFound, unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { blankImage, LogoImageError } from './images';
import { readLogoFile } from './repository';
import type { LogoService } from './service';
import { standInFor, type LogoFormat } from './stand-in';

export const LOGO_ROUTE = '/api/admin/settings/logo';

/** The media type without parameters, lower case ('image/png'), or '' when none was sent. */
const mediaTypeOf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** Who is signed in (the access list let only her through). */
function actorOf(request: FastifyRequest): string {
  const username = request.user?.username;
  if (!username) throw unauthorized();
  return username;
}

/** '<hash>-<width>.<ext>' of a file's address. */
const FILE_NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.(avif|webp|png)$/;

const refusal = (err: LogoImageError) => {
  if (err.reason === 'heic') return apiError('UNSUPPORTED_MEDIA_TYPE', err.message);
  if (err.reason === 'unreadable') return apiError('IMAGE_UNREADABLE', err.message);
  return apiError('IMAGE_DIMENSIONS', err.message);
};

export function logoRoutes(logo: LogoService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    // The upload is the image itself as the body (no multipart: one file, its type in Content-Type).
    app.addContentTypeParser(
      LOGO_UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Before the body is read: the type and the size refused with words she can act on (Fastify's own are terse).
    app.addHook('preParsing', async (request) => {
      if (request.method !== 'POST' || request.routeOptions.url !== LOGO_ROUTE) return;
      const type = mediaTypeOf(request);
      if (type === 'image/heic' || type === 'image/heif') throw apiError('UNSUPPORTED_MEDIA_TYPE', LOGO_MESSAGES.heic);
      if (!LOGO_UPLOAD_TYPES.includes(type)) throw apiError('UNSUPPORTED_MEDIA_TYPE', LOGO_MESSAGES.unsupportedType);
      if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES) {
        throw apiError('PAYLOAD_TOO_LARGE', LOGO_MESSAGES.tooLarge);
      }
    });

    defineRoute(app, {
      method: 'POST',
      url: LOGO_ROUTE,
      access: 'admin',
      summary: 'Upload her logo or photo (the image itself as the body), in place of the current one',
      description:
        'The body is the image file, sent with its own `Content-Type` (`image/jpeg`, `image/png`, `image/webp` or `image/avif`), up to 10 MB and 40 megapixels. It is turned upright by its EXIF orientation and every file is written without metadata (no EXIF, no GPS). Made from it: AVIF and WebP at up to four widths (96 to 768) for the pages, a 320 px PNG for e-mails and receipts, and square 192 and 512 px PNGs for the installed app. Answers the logo as `GET /api/practice` names it from then on. HEIC is refused (415) with how to send a JPEG instead.',
      response: { 201: practiceLogoSchema },
      errors: ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'IMAGE_UNREADABLE', 'IMAGE_DIMENSIONS'],
      async handler(_input, request, reply) {
        const actor = actorOf(request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw apiError('IMAGE_UNREADABLE', LOGO_MESSAGES.unreadable);
        try {
          const ref = await logo.upload(body, actor);
          request.log.info({ event: 'logo_uploaded', actor, hash: ref.hash, bytes: body.length }, 'logo uploaded');
          reply.code(201);
          return practiceLogo(ref);
        } catch (err) {
          if (err instanceof LogoImageError) throw refusal(err);
          throw err;
        }
      },
    });

    defineRoute(app, {
      method: 'DELETE',
      url: LOGO_ROUTE,
      access: 'admin',
      summary: 'Remove her logo: the pages, e-mails, receipts and the app icon go back to the plain ones',
      response: { 204: z.void() },
      async handler(_input, request) {
        const actor = actorOf(request);
        const removed = await logo.remove();
        request.log.info({ event: 'logo_removed', actor, removed }, 'logo removed');
      },
    });

    // Not an /api route: images for pages, e-mails and the installed app, fetched without cookies.
    app.get<{ Params: { file: string } }>(`${LOGO_MEDIA_PREFIX}:file`, async (request, reply) => {
      const match = FILE_NAME.exec(request.params.file);
      if (!match) throw notFound('NOT_FOUND', 'No such logo file');
      const [hash, width, format] = [match[1]!, Number(match[2]!), match[3]! as LogoFormat];
      // E-mails are read on other sites (webmail): the image may be shown there.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const current = app.config.logo.current;
      if (hash === current?.hash) {
        const file = await readLogoFile(app.db, hash, `${width}.${format}`);
        if (!file) throw notFound('NOT_FOUND', 'No such logo file');
        // The address names the content (its hash): it never changes, so it is kept for good.
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.bytes);
      }
      // A logo she replaced or removed (stand-in.ts): asked again each time, as what stands in changes with hers.
      reply.header('cache-control', 'no-cache');
      const standIn = standInFor(current, width, format);
      if (standIn.kind === 'app-icon') return reply.redirect(standIn.url, 302);
      if (standIn.kind === 'blank') return reply.type(`image/${format}`).send(await blankImage(format));
      const file = current ? await readLogoFile(app.db, current.hash, standIn.name) : null;
      if (!file) throw notFound('NOT_FOUND', 'No such logo file');
      return reply.type(file.contentType).send(file.bytes);
    });
  };
}
