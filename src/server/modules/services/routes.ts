import type { FastifyInstance } from 'fastify';
import { serviceInputSchema } from '@shared/schemas/service';
import { apiError, notFound } from '../../http/errors';
import { sendJsonText } from '../../http/json-text';
import { parseIdParam, parseInput } from '../../http/validate';
import { createServicesRepository } from './repository';
import { docs } from '../../http/openapi/route-docs';

const SERVICE_NOT_FOUND = 'Service not found';

export async function servicesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createServicesRepository(app.db);
  // Served from memory (issue 14); every write below drops it, and so does the change feed.
  const listJson = () => app.publicCache.get('services', ['services'], async () => JSON.stringify(await repo.list()));
  const changed = () => app.publicCache.invalidate('services');

  app.get(
    '/api/services',
    { config: docs({ summary: 'The services and their lengths and prices, in display order' }) },
    async (_request, reply) => sendJsonText(reply, await listJson()),
  );

  app.post(
    '/api/services',
    { config: docs({ summary: 'Add a service', body: serviceInputSchema, responses: { 201: 'The new service' } }) },
    async (request, reply) => {
      const input = parseInput(serviceInputSchema, request.body);
      const created = await repo.create(input);
      changed();
      reply.code(201);
      return created;
    },
  );

  app.put(
    '/api/services/:id',
    {
      config: docs({
        summary: 'Change a service',
        body: serviceInputSchema,
        responses: { 200: 'The service as saved' },
      }),
    },
    async (request) => {
      const id = parseIdParam(request.params);
      const input = parseInput(serviceInputSchema, request.body);
      if (input.id !== undefined && input.id !== id)
        throw apiError('ID_MISMATCH', 'The id in the body does not match the URL');
      const updated = await repo.update(id, input);
      changed();
      if (!updated) throw notFound('SERVICE_NOT_FOUND', SERVICE_NOT_FOUND);
      return updated;
    },
  );

  // Bookings keep their own copy of the service name and price, so deleting a
  // service never changes what a client booked (their service_id becomes null).
  // Answers JSON (not 204) because the client parses every answer as JSON.
  app.delete(
    '/api/services/:id',
    {
      config: docs({
        summary: 'Delete a service',
        description: 'Bookings keep their own copy of the service name and price.',
        responses: { 200: 'Deleted' },
      }),
    },
    async (request) => {
      const id = parseIdParam(request.params);
      const removed = await repo.remove(id);
      changed();
      if (!removed) throw notFound('SERVICE_NOT_FOUND', SERVICE_NOT_FOUND);
      return { message: 'Service deleted', id };
    },
  );
}
