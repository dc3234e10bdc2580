/**
 * The health form's API shapes beyond the form itself (docs/product.md §13): its status on a booking, the
 * one-step re-confirmation, her reading of a client's form, and the log of who read what.
 * The questions, answers and consent are defined once in ../health-form.ts.
 */
import { z } from 'zod';
import { HEALTH_FORM_STATUSES } from '../constants';
import { healthAnswerValueSchema, healthConsentInputSchema, healthFormSchema } from '../health-form';

/** GET /api/bookings/token/{token}/health-form: the form, where the client stands, and the visit it is for. */
export const healthFormPageSchema = healthFormSchema.extend({
  status: z.enum(HEALTH_FORM_STATUSES),
  visit: z.object({ date: z.string(), time: z.string(), serviceName: z.string(), firstName: z.string() }),
  /** ISO instant of the current form, when there is one. */
  submittedAt: z.string().nullable(),
});
export type HealthFormPage = z.infer<typeof healthFormPageSchema>;

/** POST the same path, 'nothing has changed': the previous answers again, with a new consent. */
export const healthReconfirmSchema = z.object({
  reconfirm: z.literal(true),
  consent: healthConsentInputSchema(),
});

/** 201 answer of either POST. */
export const healthFormSavedSchema = z.object({ submittedAt: z.string() });

/** One form as her screens read it (GET /api/admin/clients/{id}/health-form; each read is logged). */
export const adminHealthFormSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  submittedAt: z.string(),
  consentVersion: z.string(),
  consentName: z.string(),
  /** Re-confirmed from an earlier form ('nothing has changed'). */
  reconfirmed: z.boolean(),
  status: z.enum(HEALTH_FORM_STATUSES),
  flags: z.array(z.string()),
  summary: z.array(z.object({ id: z.string(), label: z.string(), answer: z.string() })),
  answers: z.record(z.string(), healthAnswerValueSchema),
});
export type AdminHealthForm = z.infer<typeof adminHealthFormSchema>;

export const adminClientHealthSchema = z.object({
  /** The latest form, or null before the first. */
  current: adminHealthFormSchema.nullable(),
  /** Every form, newest first, without answers. */
  history: z.array(z.object({ id: z.number().int(), submittedAt: z.string(), reconfirmed: z.boolean() })),
});
export type AdminClientHealth = z.infer<typeof adminClientHealthSchema>;

/** GET /api/admin/clients/{id}/access-log: every read of the client's health forms and notes, newest first. */
export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The admin's username, or 'client' for the client's own token. */
  actor: z.string(),
  /** 'health-form:read', 'health-form:write', 'notes:read', 'notes:write', 'export', 'correct', 'erase'... */
  action: z.string(),
  /** What was read, in words ('Health form of 3 Dec 2026'). */
  detail: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
