/**
 * The dashboard's heading (docs/product.md §2): 'Welcome back, {name}'. Her account's name unless it is only her
 * username (ADMIN_NAME unset makes the name the username: 'Welcome back, aroha' greets a login, not her), then the
 * practice's therapist name, else no name at all.
 */
import type { SessionUser } from '@shared/schemas/auth';

export function adminGreeting(user: Pick<SessionUser, 'name' | 'username'>, therapistName?: string | null): string {
  const own = user.name.trim();
  const name = own && own.toLowerCase() !== user.username.trim().toLowerCase() ? own : therapistName?.trim();
  return name ? `Welcome back, ${name}` : 'Welcome back';
}
