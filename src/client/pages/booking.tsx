/**
 * The booking wizard (/booking, docs/product.md §2, §4, §5, §8): 1 Select Service, 2 Choose Date &
 * Time, 3 Your Information; step 4 'Confirmation' is the confirmation page. The query parameters
 * serviceId, duration, price and step preselect the service, duration and step.
 */
import { useSearch } from 'wouter';
import { BookingWizard } from '@/features/booking/components/booking-wizard';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function BookingPage() {
  useDocumentTitle('Book a Session');
  const search = useSearch();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Book Your Massage</h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground text-pretty">
          A relaxing session in the comfort of your own home. Three short steps and your request is on its way.
        </p>
      </header>
      <BookingWizard search={search} />
    </div>
  );
}
