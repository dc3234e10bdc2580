/**
 * The service form's rules (docs/product.md §5 Service form), pure so they are unit-tested.
 * Prices are typed in dollars and sent in cents; the form keeps what she typed as text so a
 * half-typed '80.' stays on screen, and converts on blur and on submit. Validation is the
 * server's own schema (serviceInputSchema): one home for each rule.
 */
import { NEW_SERVICE_DEFAULT } from '@shared/constants';
import { dollarsToCents } from '@shared/money';
import { serviceInputSchema, type DurationOption, type Service } from '@shared/schemas/service';
import { nextDurationOption } from '@shared/service-options';

export interface OptionDraft {
  /** A stable React key: options have no id of their own. */
  key: number;
  duration: string;
  /** Dollars, as typed. */
  price: string;
}

/** 'Deposit' (docs/product.md §18.2): none, an amount in dollars as typed, or a whole percentage of the price. */
export interface DepositDraft {
  kind: 'none' | 'amount' | 'percent';
  amount: string;
  percent: string;
}

export interface ServiceDraft {
  name: string;
  description: string;
  options: OptionDraft[];
  deposit: DepositDraft;
}

/**
 * POST /api/services and PUT /api/services/{id} (docs/product.md §7): the top-level numbers mirror the first option.
 */
export interface ServicePayload {
  name: string;
  description: string;
  duration: number;
  price: number;
  durationOptions: DurationOption[];
  depositCents: number | null;
  depositPercent: number | null;
}

/** Field errors keyed by the schema's path: 'name', 'description', 'durationOptions', 'durationOptions.0.price'. */
export type DraftErrors = Partial<Record<string, string>>;

let nextKey = 1;
const newKey = () => nextKey++;

/** docs/product.md §5: non-numeric input becomes 0. */
export function numberOrZero(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 0;
}

/** 8000 -> '80.00', the way the price field shows cents. */
export function centsToDollarText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** What the duration field shows once she leaves it. */
export function normalizeDuration(text: string): string {
  return String(numberOrZero(text));
}

/** What the price field shows once she leaves it: dollars with two decimals. */
export function normalizePrice(text: string): string {
  return centsToDollarText(priceToCents(text));
}

function priceToCents(text: string): number {
  const cents = dollarsToCents(numberOrZero(text));
  return Number.isFinite(cents) ? cents : 0;
}

function optionDraft(option: DurationOption): OptionDraft {
  return { key: newKey(), duration: String(option.duration), price: centsToDollarText(option.price) };
}

/** The form's starting values: the service's, or a new service's 60 min at 8000 cents (docs/product.md §9). */
export function draftFromService(service?: Service | null): ServiceDraft {
  if (!service)
    return { name: '', description: '', options: [optionDraft(NEW_SERVICE_DEFAULT)], deposit: depositDraft(null) };
  return {
    name: service.name,
    description: service.description,
    options: service.durationOptions.map(optionDraft),
    deposit: depositDraft(service),
  };
}

function depositDraft(service: Pick<Service, 'depositCents' | 'depositPercent'> | null): DepositDraft {
  const cents = service?.depositCents ?? null;
  const percent = service?.depositPercent ?? null;
  return {
    kind: cents !== null ? 'amount' : percent !== null ? 'percent' : 'none',
    amount: cents !== null ? centsToDollarText(cents) : '',
    percent: percent !== null ? String(percent) : '',
  };
}

/** The deposit in the schema's terms: an amount in cents or a percentage, the other null; both null for none. */
export function depositOf(deposit: DepositDraft): Pick<ServicePayload, 'depositCents' | 'depositPercent'> {
  if (deposit.kind === 'amount') return { depositCents: priceToCents(deposit.amount), depositPercent: null };
  if (deposit.kind === 'percent')
    return { depositCents: null, depositPercent: Math.round(numberOrZero(deposit.percent)) };
  return { depositCents: null, depositPercent: null };
}

/** The options in minutes and cents, non-numeric parts as 0. */
export function optionsOf(draft: Pick<ServiceDraft, 'options'>): DurationOption[] {
  return draft.options.map((o) => ({ duration: Math.round(numberOrZero(o.duration)), price: priceToCents(o.price) }));
}

/** Adds the next option: the last duration + 30 minutes at the last price x 1.5, rounded. */
export function withAddedOption(options: OptionDraft[]): OptionDraft[] {
  return [...options, optionDraft(nextDurationOption(optionsOf({ options })))];
}

/** Removes an option; ignored when only one is left (docs/product.md §5). */
export function withoutOption(options: OptionDraft[], key: number): OptionDraft[] {
  if (options.length <= 1) return options;
  return options.filter((o) => o.key !== key);
}

export function toPayload(draft: ServiceDraft): ServicePayload {
  const durationOptions = optionsOf(draft);
  const first = durationOptions[0] ?? NEW_SERVICE_DEFAULT;
  return {
    name: draft.name,
    description: draft.description,
    duration: first.duration,
    price: first.price,
    durationOptions,
    ...depositOf(draft.deposit),
  };
}

/** The payload when it passes the server's schema, else the errors to show beside the fields. */
export function checkDraft(
  draft: ServiceDraft,
): { payload: ServicePayload; errors: null } | { payload: null; errors: DraftErrors } {
  const payload = toPayload(draft);
  const result = serviceInputSchema.safeParse(payload);
  if (result.success) return { payload, errors: null };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { payload: null, errors };
}
