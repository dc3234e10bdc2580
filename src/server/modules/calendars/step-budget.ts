/**
 * ical.js looks for a rule's next occurrence by stepping through candidate times until one fits,
 * with no limit: "every day in February that is the 30th" steps forever. Each rule iterator is
 * given a budget of steps, for the next occurrence and for the whole file; past it,
 * StepBudgetExceeded is thrown from inside ical.js and the series is cut off there.
 */
import type ICAL from 'ical.js';

export class StepBudgetExceeded extends Error {
  override name = 'StepBudgetExceeded';
}

/** Steps left for the whole file (shared by its events, and by the objects of one CalDAV answer). */
export interface StepBudget {
  left: number;
}

/**
 * Several times what a real calendar takes (5,000 events with 1,250 weekly series over a year:
 * ~67,000 steps), and bounds a hostile file: 300 rules repeating every minute stop here (each step
 * may also be an occurrence, so this bounds the busy intervals of a file's series too).
 */
export const STEPS_PER_FILE = 300_000;
/** Enough for "every 29 February" (1,461 days apart); not for "every hour of every 29 February". */
const STEPS_PER_OCCURRENCE = 10_000;

/** The RRULE iterators of an expansion (a plain field, private in ical.js's types). */
export function ruleIteratorsOf(expansion: ICAL.RecurExpansion): ICAL.RecurIterator[] {
  return (expansion as unknown as { ruleIterators?: ICAL.RecurIterator[] }).ruleIterators ?? [];
}

export function limitSteps(iterators: ICAL.RecurIterator[], budget: StepBudget): void {
  for (const iterator of iterators) {
    const check = iterator.check_contracting_rules.bind(iterator);
    let sinceLastFit = 0;
    iterator.check_contracting_rules = (): boolean => {
      budget.left--;
      if (budget.left < 0 || ++sinceLastFit > STEPS_PER_OCCURRENCE) throw new StepBudgetExceeded();
      const fits = check();
      if (fits) sinceLastFit = 0;
      return fits;
    };
  }
}
