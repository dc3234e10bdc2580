/**
 * Work that must run before she signs out (docs/product.md §16): e.g. the check-in presses queued offline are sent
 * while the session still stands. Areas register a step; the logout flow runs them all (a failing step never blocks
 * signing out).
 */
type Step = () => Promise<unknown>;

const steps = new Set<Step>();

/** Adds a step; answers the function that removes it again. */
export function registerBeforeSignOut(step: Step): () => void {
  steps.add(step);
  return () => {
    steps.delete(step);
  };
}

/** Runs every registered step, together, and waits for all of them (each may fail on its own). */
export async function runBeforeSignOut(): Promise<void> {
  await Promise.allSettled([...steps].map((step) => step()));
}
