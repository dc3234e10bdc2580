import type { FastifyReply } from 'fastify';

/** A CSV file to save, never cached: the admin's exports hold clients' personal data. */
export function sendCsvDownload(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
