/** On the sign-in page while the site has no administrator (docs/product.md §2 "First run"): no one can sign in yet, so
 * where to go. */
import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { useSetupStatus } from '../api/get-setup-status';
import { SETUP_PATH } from '../setup-steps';

export function SetupPointer() {
  const { data } = useSetupStatus();
  if (!data?.needed) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border bg-accent/60 px-3 py-2.5 text-sm text-accent-foreground"
    >
      <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        This site has no administrator yet.{' '}
        <Link href={SETUP_PATH} className="font-medium underline underline-offset-4">
          Set up your site
        </Link>{' '}
        with the setup code from the server&rsquo;s log.
      </p>
    </div>
  );
}
