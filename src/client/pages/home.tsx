import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@shared/money';
import type { PracticeInfo } from '@shared/practice';
import type { DurationOption, Service } from '@shared/schemas/service';

// Placeholder home page: later issues replace it with the full hero / offerings / reviews layout.

function serviceOptions(service: Service): DurationOption[] {
  return service.durationOptions.length > 0
    ? service.durationOptions
    : [{ duration: service.duration, price: service.price }];
}

export default function HomePage() {
  const practice = useQuery<PracticeInfo>({ queryKey: ['/api/practice'] });
  const services = useQuery<Service[]>({ queryKey: ['/api/services'] });

  return (
    <main className="min-h-dvh bg-background text-foreground">
      <section className="border-b border-border bg-muted/40">
        <div className="mx-auto max-w-4xl px-4 py-16 sm:py-24">
          {practice.isPending ? (
            <p className="text-muted-foreground" role="status">
              Loading…
            </p>
          ) : practice.isError ? (
            <p className="text-destructive" role="alert">
              Unable to load practice details.
            </p>
          ) : (
            <>
              <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{practice.data.name}</h1>
              <p className="mt-4 max-w-2xl text-lg text-muted-foreground text-pretty">{practice.data.tagline}</p>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="offerings-heading" className="mx-auto max-w-4xl px-4 py-12">
        <h2 id="offerings-heading" className="text-2xl font-semibold tracking-tight">
          My Massage Offerings
        </h2>
        {services.isPending ? (
          <p className="mt-6 text-muted-foreground" role="status">
            Loading services…
          </p>
        ) : services.isError ? (
          <p className="mt-6 text-destructive" role="alert">
            Unable to load services.
          </p>
        ) : services.data.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No services are available yet.</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {services.data.map((service) => (
              <li key={service.id} className="rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm">
                <h3 className="text-lg font-semibold">{service.name}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{service.description}</p>
                <ul className="mt-4 space-y-1 text-sm">
                  {serviceOptions(service).map((option) => (
                    <li key={option.duration} className="flex justify-between gap-4">
                      <span>{option.duration} min</span>
                      <span className="font-medium tabular-nums">{formatCents(option.price)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
