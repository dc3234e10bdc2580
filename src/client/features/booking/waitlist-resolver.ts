/** The waitlist form's validation, loaded when the form opens (components/waitlist-join.tsx, lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { waitlistJoinSchema } from '@shared/schemas/waitlist';

export const waitlistResolver = zodResolver(waitlistJoinSchema);
