/**
 * Merging two clients (docs/product.md §12): for the name, the e-mail and the phone she picks which
 * one wins. 'this' is the client whose page she is on (the merge is posted to it and it is kept).
 * Pure, unit-tested.
 */
import type { ClientMerge } from '@shared/schemas/client';

export const MERGE_FIELDS = ['name', 'email', 'phone'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeSide = 'this' | 'other';
export type MergeChoices = Record<MergeField, MergeSide>;

export interface MergeParty {
  id: number;
  name: string;
  email: string;
  phone: string;
}

export const DEFAULT_CHOICES: MergeChoices = { name: 'this', email: 'this', phone: 'this' };

/** The body of POST /api/admin/clients/{id}/merge. */
export function mergeRequest(other: Pick<MergeParty, 'id'>, choices: MergeChoices): ClientMerge {
  return { otherId: other.id, keep: { name: choices.name, email: choices.email, phone: choices.phone } };
}

export interface MergeFieldRow {
  field: MergeField;
  thisValue: string;
  otherValue: string;
  /** Both say the same: nothing to choose (the choice stays 'this'). */
  same: boolean;
}

/** One row per field with both values; e-mails that differ only in case count as the same. */
export function mergeFieldRows(self: MergeParty, other: MergeParty): MergeFieldRow[] {
  return MERGE_FIELDS.map((field) => {
    const thisValue = self[field];
    const otherValue = other[field];
    const norm = (v: string) => (field === 'email' ? v.trim().toLowerCase() : v.trim());
    return { field, thisValue, otherValue, same: norm(thisValue) === norm(otherValue) };
  });
}

/** What the merged client will be called and reached by, as chosen. */
export function mergedResult(self: MergeParty, other: MergeParty, choices: MergeChoices): Omit<MergeParty, 'id'> {
  const pick = (field: MergeField) => (choices[field] === 'this' ? self[field] : other[field]);
  return { name: pick('name'), email: pick('email'), phone: pick('phone') };
}

/** The search results she can merge with: every client but this one. */
export function mergeCandidates<T extends { id: number }>(clients: readonly T[], selfId: number): T[] {
  return clients.filter((client) => client.id !== selfId);
}
