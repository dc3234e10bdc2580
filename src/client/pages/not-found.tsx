import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <Compass className="size-7 shrink-0 text-primary" aria-hidden />
          <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Back to home
          </Link>
        </Button>
      </div>
    </div>
  );
}
