import type { DurationOption, Service } from '@shared/schemas/service';
import { ServiceCard } from '@/components/service-card';

interface ServiceStepProps {
  services: Service[];
  selectedId: number | null;
  selectedDuration: number | null;
  onSelect: (service: Service, option: DurationOption) => void;
}

/** Step 1: the service cards in selectable mode ('Select' / 'Selected'). */
export function ServiceStep({ services, selectedId, selectedDuration, onSelect }: ServiceStepProps) {
  if (services.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
        No services are available to book at the moment.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Services">
      {services.map((service) => (
        <li key={service.id}>
          <ServiceCard
            service={service}
            selectable
            selected={service.id === selectedId}
            initialDuration={service.id === selectedId ? (selectedDuration ?? undefined) : undefined}
            onSelect={(option) => onSelect(service, option)}
          />
        </li>
      ))}
    </ul>
  );
}
