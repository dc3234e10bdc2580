/**
 * The contact form of the client page: what it starts from, and which fields she changed (only those
 * are sent, so that an unchanged value never counts as her correction). Pure, unit-tested.
 */
import type { ClientDetail, ClientPatch } from '@shared/schemas/client';

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
] as const satisfies readonly (keyof ContactValues)[];

export function contactValues(client: Pick<ClientDetail, 'firstName' | 'lastName' | 'email' | 'phone'>): ContactValues {
  return { firstName: client.firstName, lastName: client.lastName, email: client.email, phone: client.phone };
}

/** The fields whose (trimmed) value differs from the client's; empty when nothing changed. */
export function changedContact(initial: ContactValues, values: Partial<ContactValues>): ClientPatch {
  const patch: ClientPatch = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field]?.trim();
    if (value === undefined) continue;
    if (value !== initial[field].trim()) patch[field] = value;
  }
  return patch;
}

/** A server field error's path ('email', 'body.phone') as one of the form's fields, if it is one. */
export function contactField(path: string): keyof ContactValues | null {
  const last = path.split('.').pop() ?? path;
  return CONTACT_FIELDS.find((field) => field === last) ?? null;
}
