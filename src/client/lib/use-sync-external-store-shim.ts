/**
 * `use-sync-external-store/shim` for the browser build (vite.config.ts aliases it here): wouter imports the shim, whose
 * production build gives React's own useSyncExternalStore when React has it (React 18 on) and its copy otherwise. React
 * 19 has it, so the hook is React's, as before, without the shim's 0.4 kB in every page's first bundle (decision 040).
 */
import { useSyncExternalStore } from 'react';

export { useSyncExternalStore };
