/**
 * The health form (docs/product.md §13): the client's page through the booking's private
 * link, and her reading of a client's forms. Every read of answers and every form written goes to
 * the client's access log; nothing of a form goes to the server log.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  canReconfirm,
  HEALTH_CONSENT,
  HEALTH_QUESTIONS,
  healthAnswersSchema,
  healthSubmissionSchema,
  type HealthAnswers,
} from '@shared/health-form';
import {
  adminClientHealthSchema,
  healthFormPageSchema,
  healthFormSavedSchema,
  healthReconfirmSchema,
  type HealthFormPage,
} from '@shared/schemas/health';
import { HOUR_MS } from '@shared/time';
import { apiError, notFound } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute, idParams } from '../../http/route';
import { parseInput } from '../../http/validate';
import { recordAccess } from '../clients/access-log';
import { CLIENT_NOT_FOUND } from '../clients/repository';
import { actorOf } from '../clients/routes';
import { adminHealthForm } from './admin-view';
import { createHealthFormsRepository, type LinkedBooking } from './repository';
import { healthFormStatus } from './status';
import {
  BOOKING_NOT_FOUND,
  EARLIER_FORM_CHANGED,
  HEALTH_FORM_CLOSED,
  healthFormDetail,
  NO_EARLIER_FORM,
  TOO_MANY_FORMS,
} from './texts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
/** Forms a booking's link may send in an hour (a page retrying, not a script). */
export const HEALTH_FORMS_PER_TOKEN_PER_HOUR = 20;

/** The questions as the page gets them: the red-flag phrases stay hers. */
const PUBLIC_QUESTIONS: HealthFormPage['questions'] = HEALTH_QUESTIONS.map(
  ({ flag: _flag, options, showIf, ...q }) => ({
    ...q,
    ...(options ? { options: options.map(({ flag: _f, ...o }) => o) } : {}),
    ...(showIf ? { showIf: 'equals' in showIf ? showIf : { ...showIf, includesAny: [...showIf.includesAny] } } : {}),
  }),
);

const isReconfirm = (body: unknown) => typeof body === 'object' && body !== null && 'reconfirm' in body;

export async function healthFormsRoutes(app: FastifyInstance): Promise<void> {
  const forms = createHealthFormsRepository(app.db, app.secretBox);
  const limiter = createRateLimiter(app.db);
  const months = app.config.booking.healthFormMonths;

  /** The booking of a link that may still take a form, with its client. */
  async function openBooking(token: string): Promise<LinkedBooking> {
    const row = await forms.bookingOfToken(token);
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    if (row.status === 'cancelled' || row.status === 'rejected')
      throw apiError('HEALTH_FORM_CLOSED', HEALTH_FORM_CLOSED);
    return row;
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/health-form',
    access: 'token',
    summary: "The health form for a booking's client, through the booking's private link",
    description:
      'The questions and the consent to give, where the client stands (`missing`, `outdated`, `current`) and, when they have an earlier form, its date and whether it can be re-confirmed in one step. Never its answers: the link goes to whoever made the booking.',
    params: tokenParams,
    response: { 200: healthFormPageSchema },
    errors: ['BOOKING_NOT_FOUND', 'HEALTH_FORM_CLOSED'],
    async handler({ params }) {
      const booking = await openBooking(params.token);
      const latest = await forms.latest(booking.clientId);
      const status = healthFormStatus(latest, new Date(), months);
      return {
        questions: PUBLIC_QUESTIONS,
        consent: { version: HEALTH_CONSENT.version, text: HEALTH_CONSENT.text },
        ...(latest
          ? {
              // Its date and whether it can be re-confirmed, never its answers (health-form.ts, previous).
              previous: {
                consentedAt: latest.consentedAt.toISOString(),
                canReconfirm: canReconfirm(latest.answers),
              },
            }
          : {}),
        status,
        visit: {
          date: booking.date,
          time: booking.time,
          serviceName: booking.serviceName,
          firstName: booking.firstName,
        },
        submittedAt: latest && status === 'current' ? latest.consentedAt.toISOString() : null,
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/token/:token/health-form',
    access: 'token',
    summary: "Fill in the health form, or re-confirm the earlier one, through the booking's private link",
    description:
      'Either `{ answers: { [questionId]: value }, consent: { version, fullName } }` (parsed with the shared `healthSubmissionSchema`: refusals name the question, never the answer) or `{ reconfirm: true, consent: { version, fullName } }` ("nothing has changed": a new form with the earlier answers). The server records the consent time. Stored encrypted.',
    params: tokenParams,
    response: { 201: healthFormSavedSchema },
    returns: 'Saved',
    errors: ['BOOKING_NOT_FOUND', 'HEALTH_FORM_CLOSED', 'HEALTH_RECONFIRM_REFUSED', 'RATE_LIMITED'],
    async handler({ params }, request, reply) {
      const booking = await openBooking(params.token);
      await limiter.limit(`health-form:${booking.id}`, HOUR_MS, HEALTH_FORMS_PER_TOKEN_PER_HOUR, TOO_MANY_FORMS);
      let answers: HealthAnswers;
      let consentName: string;
      let reconfirmedFrom: number | null = null;
      if (isReconfirm(request.body)) {
        const input = parseInput(healthReconfirmSchema, request.body);
        const latest = await forms.latest(booking.clientId);
        if (!latest) throw apiError('HEALTH_RECONFIRM_REFUSED', NO_EARLIER_FORM);
        const parsed = healthAnswersSchema().safeParse(latest.answers);
        if (!parsed.success) throw apiError('HEALTH_RECONFIRM_REFUSED', EARLIER_FORM_CHANGED);
        answers = parsed.data;
        consentName = input.consent.fullName;
        reconfirmedFrom = latest.id;
      } else {
        const input = parseInput(healthSubmissionSchema, request.body);
        answers = input.answers;
        consentName = input.consent.fullName;
      }
      const saved = await app.db.transaction(async (tx) => {
        const row = await createHealthFormsRepository(tx, app.secretBox).insert({
          clientId: booking.clientId,
          bookingId: booking.id,
          answers,
          consentVersion: HEALTH_CONSENT.version,
          consentName,
          consentedAt: new Date(),
          reconfirmedFrom,
        });
        await recordAccess(tx, {
          clientId: booking.clientId,
          actor: 'client',
          action: 'health-form:write',
          detail: `${healthFormDetail(row.consentedAt)}${reconfirmedFrom === null ? '' : ' (re-confirmed)'}`,
        });
        return row;
      });
      // Ids only: nothing of the form.
      request.log.info(
        { event: 'health_form_saved', bookingId: booking.id, formId: saved.id, reconfirmed: reconfirmedFrom !== null },
        'health form saved',
      );
      reply.code(201);
      return { submittedAt: saved.consentedAt.toISOString() };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients/:id/health-form',
    access: 'admin',
    summary: "A client's health form: the latest, read in full, and the dates of every form",
    description: "Each read of a form is written to the client's access log (who, when, which form).",
    params: idParams,
    response: { 200: adminClientHealthSchema },
    errors: ['CLIENT_NOT_FOUND'],
    async handler({ params: { id } }, request) {
      if (!(await forms.clientExists(id))) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      const latest = await forms.latest(id);
      const history = await forms.history(id);
      if (latest) {
        await recordAccess(app.db, {
          clientId: id,
          actor: actorOf(request),
          action: 'health-form:read',
          detail: healthFormDetail(latest.consentedAt),
        });
      }
      return {
        current: latest ? adminHealthForm(latest, healthFormStatus(latest, new Date(), months)) : null,
        history: history.map((h) => ({
          id: h.id,
          submittedAt: h.consentedAt.toISOString(),
          reconfirmed: h.reconfirmed,
        })),
      };
    },
  });
}
