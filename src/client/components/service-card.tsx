import { Clock } from '@/components/ui/first-load-icon';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import type { DurationOption, Service } from '@shared/schemas/service';
import { displayServiceName, serviceOptions } from '@shared/service-options';
import { CARD_CLASSES } from '@/components/ui/card-classes';
import { PlainButton } from '@/components/ui/plain-button';
import { cx } from '@/lib/class-names';

export interface ServiceCardProps {
  service: Service;
  /** Wizard mode: the button reads 'Select' / 'Selected' and reports the chosen option. */
  selectable?: boolean;
  selected?: boolean;
  onSelect?: (option: DurationOption) => void;
  /** The duration to show first (a preselected option); otherwise the first option. */
  initialDuration?: number;
}

/**
 * The booking link of a card: the wizard starts at step 2 with this choice (docs/product.md §2).
 * features/booking/wizard-state.ts reads it.
 */
function bookingHref(serviceId: number, option: DurationOption): string {
  return `/booking?serviceId=${serviceId}&duration=${option.duration}&price=${option.price}&step=2`;
}

/** A service with its duration options: one option chosen at a time (docs/product.md §4 Service card). */
export function ServiceCard({
  service,
  selectable = false,
  selected = false,
  onSelect,
  initialDuration,
}: ServiceCardProps) {
  const options = serviceOptions(service);
  const [chosen, setChosen] = useState(() =>
    Math.max(
      0,
      options.findIndex((o) => o.duration === initialDuration),
    ),
  );
  const option = options[chosen] ?? options[0]!;
  const name = displayServiceName(service.name);
  const groupLabel = `Session length for ${name}`;

  return (
    <div className={cx(CARD_CLASSES.root, 'flex h-full flex-col', selected && 'border-primary ring-2 ring-primary')}>
      <div className={CARD_CLASSES.header}>
        <h3 className={CARD_CLASSES.title}>{name}</h3>
        <p className={cx(CARD_CLASSES.description, 'text-[0.95rem] leading-relaxed')}>{service.description}</p>
      </div>
      <div className={cx(CARD_CLASSES.content, 'mt-auto flex flex-col gap-4')}>
        {options.length > 1 && (
          <div role="radiogroup" aria-label={groupLabel} className="flex flex-wrap gap-2">
            {options.map((o, i) => (
              <button
                key={o.duration}
                type="button"
                role="radio"
                aria-checked={i === chosen}
                onClick={() => {
                  setChosen(i);
                  if (selectable && selected) onSelect?.(o);
                }}
                className={cx(
                  'rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  i === chosen ? 'border-primary bg-primary text-primary-foreground' : 'border-input hover:bg-accent',
                )}
              >
                {o.duration} min
              </button>
            ))}
          </div>
        )}
        <div className="flex items-baseline justify-between">
          <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-4" aria-hidden />
            {option.duration} minutes
          </span>
          <span className="text-2xl font-semibold">{formatCents(option.price)}</span>
        </div>
      </div>
      <div className={CARD_CLASSES.footer}>
        {selectable ? (
          <PlainButton
            type="button"
            className="w-full"
            variant={selected ? 'default' : 'outline'}
            aria-pressed={selected}
            onClick={() => onSelect?.(option)}
          >
            {selected ? 'Selected' : 'Select'}
            <span className="sr-only">
              : {name}, {option.duration} minutes
            </span>
          </PlainButton>
        ) : (
          <PlainButton asChild className="w-full">
            <Link href={bookingHref(service.id, option)}>
              Book Now
              <span className="sr-only">
                : {name}, {option.duration} minutes
              </span>
            </Link>
          </PlainButton>
        )}
      </div>
    </div>
  );
}
