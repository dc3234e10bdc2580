/** A list with nothing in it: an icon and one sentence saying what will appear here. */
import type { LucideIcon } from 'lucide-react';

export function EmptyList({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center px-2 py-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="mt-3 max-w-md text-sm text-balance text-muted-foreground">{text}</p>
    </div>
  );
}
