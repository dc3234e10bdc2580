import { ServiceCard } from '@/components/service-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/lib/queries/get-services';
import { SectionHeading } from './section-heading';

/** 'My Massage Offerings': the service cards; a card's book button starts the wizard at step 2. */
export function OfferingsSection() {
  const services = useServices();
  // Two columns keep 2 or 4 cards in even rows (and the cards wide enough for their prices); three for 3, 5 or more.
  const count = services.data?.length ?? 0;
  const columns = count === 3 || count >= 5 ? 'md:grid-cols-2 lg:grid-cols-3' : 'md:grid-cols-2';

  return (
    <section id="offerings" aria-labelledby="offerings-heading" className="scroll-mt-20 border-y bg-muted/60">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading id="offerings-heading" eyebrow="Services" title="My Massage Offerings">
          Pick a massage and the session length that suits you; the price is per session, at your place.
        </SectionHeading>

        <div className="mt-10">
          {services.isPending ? (
            <div className="grid gap-5 md:grid-cols-2" aria-busy="true" aria-label="Loading services">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-72 rounded-lg" />
              ))}
            </div>
          ) : services.isError ? (
            <p role="alert" className="text-destructive">
              Unable to load services. Please try again later.
            </p>
          ) : services.data.length === 0 ? (
            <p className="text-muted-foreground">No services are available yet.</p>
          ) : (
            <ul className={`grid gap-5 ${columns}`}>
              {services.data.map((service) => (
                <li key={service.id}>
                  <ServiceCard service={service} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
