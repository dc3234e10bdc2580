/**
 * The wizard's steps: where it starts (from its link, built by components/service-card.tsx) and how a choice moves it.
 */
import type { DurationOption } from '@shared/schemas/service';
import { serviceOptions } from '@shared/service-options';

export type WizardStep = 1 | 2 | 3;

/** The link's query parameters (docs/product.md §2): serviceId, duration, price and step. */
export interface WizardParams {
  serviceId: number | null;
  duration: number | null;
  price: number | null;
  step: number | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/** Reads the parameters of a search string ('?a=1' or 'a=1'); anything malformed is null. */
export function parseWizardParams(search: string): WizardParams {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  return {
    serviceId: positiveInt(params.get('serviceId')),
    duration: positiveInt(params.get('duration')),
    price: positiveInt(params.get('price')),
    step: positiveInt(params.get('step')),
  };
}

interface ServiceLike {
  id: number;
  duration?: number | null;
  price?: number | null;
  durationOptions?: DurationOption[] | string | null;
}

export interface InitialWizardState<S extends ServiceLike> {
  step: WizardStep;
  service: S | null;
  option: DurationOption | null;
}

/**
 * Where the wizard starts. An unknown service starts at step 1 with nothing chosen. A known one
 * is preselected with the requested duration (its first option when that duration is not
 * offered; the price always comes from the service, never from the link). A step of 2 or more
 * starts at step 2: step 3 needs a date and time the link cannot carry.
 */
export function initialWizardState<S extends ServiceLike>(
  params: WizardParams,
  services: readonly S[],
): InitialWizardState<S> {
  const service = params.serviceId === null ? undefined : services.find((s) => s.id === params.serviceId);
  if (!service) return { step: 1, service: null, option: null };
  const options = serviceOptions(service);
  const option = options.find((o) => o.duration === params.duration) ?? options[0] ?? null;
  const step: WizardStep = params.step !== null && params.step >= 2 && option ? 2 : 1;
  return { step, service, option };
}

/** What choosing a service card does to the wizard. */
export interface ServiceChoice {
  /** Another service or length: the chosen date and time no longer apply (other slots). */
  changed: boolean;
  /** On to step 2; a length switch on the already selected card only updates the card. */
  advance: boolean;
}

export function serviceChoice(
  current: { serviceId: number | null; duration: number | null },
  next: { serviceId: number; duration: number },
): ServiceChoice {
  const sameService = current.serviceId === next.serviceId;
  const sameDuration = current.duration === next.duration;
  return { changed: !sameService || !sameDuration, advance: !(sameService && !sameDuration) };
}
