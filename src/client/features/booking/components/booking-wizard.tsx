import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useServices } from '@/lib/queries/get-services';
import { WizardSteps } from './wizard-steps';

/** The booking wizard once the services are known. A new search string (another link to /booking) starts it afresh. */
export function BookingWizard({ search }: { search: string }) {
  const services = useServices();
  if (services.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading services" className="space-y-6">
        <Skeleton className="mx-auto h-14 max-w-2xl" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  if (services.isError) {
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
        <p className="font-medium text-destructive">Unable to load services.</p>
        <Button className="mt-4" variant="outline" onClick={() => void services.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <WizardSteps key={search} services={services.data} search={search} />;
}
