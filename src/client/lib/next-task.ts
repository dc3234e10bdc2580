/**
 * A promise settled in a later task: the work after it runs apart from the work before it, since on a phone no task
 * should hold the main thread for long (decision 033).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
