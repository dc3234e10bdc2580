/** Logout (docs/product.md §2, §4): ends the server session, then /admin/login; 'Logout failed' when it could not. */
import { Loader2, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useLogout } from '../../shared/api/logout';

export function LogoutButton() {
  const logout = useLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onError: () => toast({ title: 'Error', description: 'Logout failed', variant: 'destructive' }),
    });

  return (
    <Button variant="outline" size="sm" onClick={signOut} disabled={logout.isPending}>
      {logout.isPending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : (
        <LogOut className="size-4" aria-hidden />
      )}
      Logout
    </Button>
  );
}
