import { describe, expect, it } from 'vitest';
import { clientMergeSchema } from '@shared/schemas/client';
import { DEFAULT_CHOICES, mergeCandidates, mergedResult, mergeFieldRows, mergeRequest } from './merge-choice';

const self = { id: 1, name: 'Mere Tester', email: 'mere@example.nz', phone: '+64211234567' };
const other = { id: 2, name: 'Mere T', email: 'MERE@example.nz', phone: '+64217654321' };

describe('merging two clients', () => {
  it('keeps this client’s name, e-mail and phone unless she picks the other’s', () => {
    expect(mergeRequest(other, DEFAULT_CHOICES)).toEqual({
      otherId: 2,
      keep: { name: 'this', email: 'this', phone: 'this' },
    });
    const body = mergeRequest(other, { name: 'this', email: 'this', phone: 'other' });
    expect(body).toEqual({ otherId: 2, keep: { name: 'this', email: 'this', phone: 'other' } });
    // What the server parses it as.
    expect(clientMergeSchema.parse(body)).toEqual(body);
  });

  it('shows both values per field, and marks e-mails that differ only in case as the same', () => {
    expect(mergeFieldRows(self, other)).toEqual([
      { field: 'name', thisValue: 'Mere Tester', otherValue: 'Mere T', same: false },
      { field: 'email', thisValue: 'mere@example.nz', otherValue: 'MERE@example.nz', same: true },
      { field: 'phone', thisValue: '+64211234567', otherValue: '+64217654321', same: false },
    ]);
  });

  it('says what the merged client will be', () => {
    expect(mergedResult(self, other, { name: 'other', email: 'this', phone: 'other' })).toEqual({
      name: 'Mere T',
      email: 'mere@example.nz',
      phone: '+64217654321',
    });
  });

  it('never offers this client to merge with itself', () => {
    expect(mergeCandidates([self, other], 1)).toEqual([other]);
  });
});
