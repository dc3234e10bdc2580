import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messageWithIdSchema } from '@shared/schemas/message';
import { serviceInputSchema, serviceSchema } from '@shared/schemas/service';
import { apiError, notFound } from '../../http/errors';
import { jsonText } from '../../http/json-text';
import { createServicesRepository } from './repository';
import { defineRoute, idParams } from '../../http/route';

const SERVICE_NOT_FOUND = 'Service not found';

export async function servicesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createServicesRepository(app.db);
  // Served from memory (docs/performance.md); every write below drops it, and so does the change feed.
  const listJson = () => app.publicCache.get('services', ['services'], async () => jsonText(await repo.list()));
  const changed = () => app.publicCache.invalidate('services');

  defineRoute(app, {
    method: 'GET',
    url: '/api/services',
    access: 'public',
    summary: 'The services and their lengths and prices, in display order',
    response: { 200: z.array(serviceSchema) },
    handler: listJson,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/services',
    access: 'admin',
    summary: 'Add a service',
    body: serviceInputSchema,
    response: { 201: serviceSchema },
    returns: 'The new service',
    async handler({ body }, _request, reply) {
      const created = await repo.create(body);
      changed();
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/services/:id',
    access: 'admin',
    summary: 'Change a service',
    params: idParams,
    body: serviceInputSchema,
    response: { 200: serviceSchema },
    returns: 'The service as saved',
    errors: ['ID_MISMATCH', 'SERVICE_NOT_FOUND'],
    async handler({ params: { id }, body }) {
      if (body.id !== undefined && body.id !== id)
        throw apiError('ID_MISMATCH', 'The id in the body does not match the URL');
      const updated = await repo.update(id, body);
      changed();
      if (!updated) throw notFound('SERVICE_NOT_FOUND', SERVICE_NOT_FOUND);
      return updated;
    },
  });

  // Bookings keep their own copy of the service name and price, so deleting a
  // service never changes what a client booked (their service_id becomes null).
  // Answers JSON (not 204) because the client parses every answer as JSON.
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/services/:id',
    access: 'admin',
    summary: 'Delete a service',
    description: 'Bookings keep their own copy of the service name and price.',
    params: idParams,
    response: { 200: messageWithIdSchema },
    returns: 'Deleted',
    errors: ['SERVICE_NOT_FOUND'],
    async handler({ params: { id } }) {
      const removed = await repo.remove(id);
      changed();
      if (!removed) throw notFound('SERVICE_NOT_FOUND', SERVICE_NOT_FOUND);
      return { message: 'Service deleted', id };
    },
  });
}
