/**
 * The dashboard's tabs as real links (open in a new tab works; the path selects the tab,
 * docs/product.md §2). On a phone they wrap onto rows instead of scrolling the page sideways.
 * Pending Requests carries a yellow count badge while requests wait.
 */
import { Link } from 'wouter';
import { cx } from '@/lib/class-names';
import { useHydrated } from '@/lib/hydrated';
import { usePendingBookings } from '../../shared/api/get-pending-bookings';
import { ADMIN_TABS, type AdminTabId } from '../admin-tabs';

/**
 * Asked for once the page is hydrated (lib/hydrated.ts): the server's HTML has no badge, and on a rendered Today the
 * request then costs a task of its own instead of part of the hydration's.
 */
function PendingCount() {
  return useHydrated() ? <PendingBadge /> : null;
}

function PendingBadge() {
  const { data } = usePendingBookings();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-yellow-400 px-1.5 text-xs font-bold leading-5 text-yellow-950">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  );
}

export function AdminTabNav({ active }: { active: AdminTabId | null }) {
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {ADMIN_TABS.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id} className="grow sm:grow-0">
              <Link
                href={tab.path}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'flex h-9 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  current
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:bg-background/60 hover:text-foreground',
                )}
              >
                {tab.label}
                {tab.id === 'pending' && <PendingCount />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
