import { describe, expect, it } from 'vitest';
import type { Service } from '@shared/schemas/service';
import {
  centsToDollarText,
  checkDraft,
  draftFromService,
  normalizeDuration,
  normalizePrice,
  numberOrZero,
  optionsOf,
  toPayload,
  withAddedOption,
  withoutOption,
  type ServiceDraft,
} from './service-form';
import { TEXTS, TOASTS } from './texts';

const swedish: Service = {
  id: 1,
  name: 'Swedish Massage',
  description: 'Relaxing full-body massage.',
  duration: 60,
  price: 8000,
  durationOptions: [
    { duration: 60, price: 8000 },
    { duration: 90, price: 12000 },
  ],
  depositCents: null,
  depositPercent: null,
};

const draft = (over: Partial<ServiceDraft> = {}): ServiceDraft => ({ ...draftFromService(swedish), ...over });

describe('numbers typed into the service form (docs/product.md §5)', () => {
  it('turns non-numeric input into 0', () => {
    expect(numberOrZero('')).toBe(0);
    expect(numberOrZero('   ')).toBe(0);
    expect(numberOrZero('abc')).toBe(0);
    expect(numberOrZero('e')).toBe(0);
    expect(numberOrZero('90')).toBe(90);
    expect(numberOrZero(' 80.5 ')).toBe(80.5);
  });

  it('shows a left field as a number: minutes as typed, dollars with two decimals', () => {
    expect(normalizeDuration('')).toBe('0');
    expect(normalizeDuration('abc')).toBe('0');
    expect(normalizeDuration('90')).toBe('90');
    expect(normalizePrice('')).toBe('0.00');
    expect(normalizePrice('x')).toBe('0.00');
    expect(normalizePrice('80')).toBe('80.00');
    expect(normalizePrice('80.5')).toBe('80.50');
    expect(normalizePrice('99.999')).toBe('100.00');
  });

  it('reads dollars into cents without float drift', () => {
    expect(optionsOf({ options: [{ key: 1, duration: '60', price: '80.10' }] })).toEqual([
      { duration: 60, price: 8010 },
    ]);
    expect(optionsOf({ options: [{ key: 1, duration: '', price: 'abc' }] })).toEqual([{ duration: 0, price: 0 }]);
    expect(centsToDollarText(12000)).toBe('120.00');
    expect(centsToDollarText(0)).toBe('0.00');
  });
});

describe('the form starts from', () => {
  it('a new service: 60 min at 8000 cents (docs/product.md §9)', () => {
    const d = draftFromService();
    expect(d.name).toBe('');
    expect(d.description).toBe('');
    expect(d.options.map(({ duration, price }) => ({ duration, price }))).toEqual([{ duration: '60', price: '80.00' }]);
  });

  it('the service being edited, prices in dollars', () => {
    const d = draftFromService(swedish);
    expect(d.name).toBe('Swedish Massage');
    expect(d.options.map(({ duration, price }) => ({ duration, price }))).toEqual([
      { duration: '60', price: '80.00' },
      { duration: '90', price: '120.00' },
    ]);
    expect(new Set(d.options.map((o) => o.key)).size).toBe(2);
  });
});

describe('adding and removing duration options', () => {
  it('adds the last duration + 30 min at the last price x 1.5, rounded', () => {
    const added = withAddedOption(draft().options);
    expect(added).toHaveLength(3);
    expect(added[2]).toMatchObject({ duration: '120', price: '180.00' });
    // 1.5 x 33.33 = 49.995 -> 5000 cents (rounded to a whole cent).
    const odd = withAddedOption([{ key: 9, duration: '30', price: '33.33' }]);
    expect(odd[1]).toMatchObject({ duration: '60', price: '50.00' });
    // Non-numeric parts count as 0.
    expect(withAddedOption([{ key: 9, duration: 'x', price: '' }])[1]).toMatchObject({ duration: '30', price: '0.00' });
    expect(new Set(added.map((o) => o.key)).size).toBe(3);
  });

  it('removes an option but always keeps one', () => {
    const options = draft().options;
    const rest = withoutOption(options, options[0]!.key);
    expect(rest).toEqual([options[1]]);
    expect(withoutOption(rest, rest[0]!.key)).toBe(rest);
  });
});

describe('the payload and its checks (the server schema, docs/product.md §5, §7)', () => {
  it('sends cents and mirrors the first option at the top level', () => {
    const d = draft({
      options: [
        { key: 1, duration: '90', price: '135' },
        { key: 2, duration: '30', price: '50.5' },
      ],
    });
    expect(toPayload(d)).toEqual({
      name: 'Swedish Massage',
      description: 'Relaxing full-body massage.',
      duration: 90,
      price: 13500,
      durationOptions: [
        { duration: 90, price: 13500 },
        { duration: 30, price: 5050 },
      ],
      depositCents: null,
      depositPercent: null,
    });
    expect(checkDraft(d).errors).toBeNull();
  });

  it('sends a deposit as cents or a whole percentage, never both (issue 27)', () => {
    const amount = draft({ deposit: { kind: 'amount', amount: '20', percent: '15' } });
    expect(toPayload(amount)).toMatchObject({ depositCents: 2000, depositPercent: null });
    const percent = draft({ deposit: { kind: 'percent', amount: '20', percent: '25' } });
    expect(toPayload(percent)).toMatchObject({ depositCents: null, depositPercent: 25 });
    expect(checkDraft(draft({ deposit: { kind: 'percent', amount: '', percent: '120' } })).errors).toEqual({
      depositPercent: 'Deposit percentage must be 1 to 100',
    });
    expect(checkDraft(draft({ deposit: { kind: 'amount', amount: '0', percent: '' } })).errors).toEqual({
      depositCents: 'Deposit must be more than $0',
    });
    expect(draftFromService({ ...swedish, depositCents: 2000 }).deposit).toEqual({
      kind: 'amount',
      amount: '20.00',
      percent: '',
    });
  });

  it('requires a name and a description', () => {
    expect(checkDraft(draft({ name: '  ', description: '' })).errors).toEqual({
      name: 'Name is required',
      description: 'Description is required',
    });
  });

  it('names the option that is wrong', () => {
    const errors = checkDraft(
      draft({
        options: [
          { key: 1, duration: '45', price: '80' },
          { key: 2, duration: 'abc', price: '-1' },
        ],
      }),
    ).errors;
    expect(errors).toEqual({
      'durationOptions.0.duration': 'Duration must be in steps of 30 minutes',
      'durationOptions.1.duration': 'Duration must be at least 30 minutes',
      'durationOptions.1.price': 'Price cannot be negative',
    });
  });

  it('refuses the same duration twice', () => {
    const errors = checkDraft(
      draft({
        options: [
          { key: 1, duration: '60', price: '80' },
          { key: 2, duration: '60', price: '90' },
        ],
      }),
    ).errors;
    expect(errors).toEqual({ durationOptions: 'Each duration may appear only once' });
  });

  it('accepts a free option', () => {
    expect(checkDraft(draft({ options: [{ key: 1, duration: '30', price: '0' }] })).errors).toBeNull();
  });
});

describe('texts (docs/product.md §2, §8 word for word)', () => {
  it('has the spec wording', () => {
    expect(TEXTS).toMatchObject({
      heading: 'Manage Services',
      add: 'Add Service',
      addTitle: 'Add New Service',
      addDescription: 'Create a new service with multiple duration options.',
      editDescription: 'Update service details and duration options.',
      loading: 'Loading services...',
      loadError: 'Error loading services',
      deleteTitle: 'Are you sure?',
      deleteDescription:
        'This action cannot be undone. This will permanently delete the service and may affect existing bookings.',
    });
    expect(TOASTS).toEqual({
      added: 'Service added successfully',
      updated: 'Service updated successfully',
      deleted: 'Service deleted successfully',
      addFailed: 'Failed to add service',
      updateFailed: 'Failed to update service',
      deleteFailed: 'Failed to delete service',
    });
  });
});
