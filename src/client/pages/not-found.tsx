import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 text-foreground">
      <div className="w-full max-w-md rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link href="/" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to home
        </Link>
      </div>
    </main>
  );
}
