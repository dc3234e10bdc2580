/**
 * The Services tab (docs/product.md §2, §5, §8): 'Manage Services', 'Add Service', and the card
 * grid with Edit and Delete. It reads the same GET /api/services query as the public pages (seeded
 * from index.html), and every change refreshes it, so the home page and the wizard follow.
 */
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Service } from '@shared/schemas/service';
import { Button } from '@/components/ui/button';
import { useServices } from '@/lib/queries/get-services';
import { TEXTS } from '../texts';
import { DeleteServiceDialog } from './delete-service-dialog';
import { ServiceCard } from './service-card';
import { ServiceFormDialog } from './service-form-dialog';
import { ServicesEmpty, ServicesError, ServicesLoading } from './services-states';

export function ServicesTab() {
  const services = useServices();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  // Focus returns to the Delete button that opened the dialog; after a delete that button is
  // gone, so it goes to the top of the tab instead.
  const opener = useRef<HTMLElement | null>(null);
  const deleted = useRef(false);

  const openDelete = (service: Service) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    deleted.current = false;
    setDeleting(service);
  };
  const closeDelete = (wasDeleted: boolean) => {
    deleted.current = wasDeleted;
    setDeleting(null);
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = deleted.current || !opener.current?.isConnected ? headingRef.current : opener.current;
    target?.focus();
  };

  return (
    <section aria-labelledby="manage-services-heading" className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2
          id="manage-services-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold tracking-tight focus:outline-none"
        >
          {TEXTS.heading}
        </h2>
        <ServiceFormDialog>
          <Button type="button" className="self-start sm:self-auto">
            <Plus aria-hidden />
            {TEXTS.add}
          </Button>
        </ServiceFormDialog>
      </div>
      {services.data ? (
        services.data.length === 0 ? (
          <ServicesEmpty />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {services.data.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} onDelete={openDelete} />
              </li>
            ))}
          </ul>
        )
      ) : services.isError ? (
        <ServicesError onRetry={() => void services.refetch()} retrying={services.isFetching} />
      ) : (
        <ServicesLoading />
      )}
      <DeleteServiceDialog service={deleting} onClose={closeDelete} onCloseAutoFocus={returnFocus} />
    </section>
  );
}
