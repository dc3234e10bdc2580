/**
 * Starts public/intl-warm.js (issue 26, decision 033): ICU's data for NZ dates loaded on a worker's thread while the
 * page's scripts arrive, not in the middle of Today's first render or of the kept sheet's paint. Part of the admin
 * pages' inline loaders (server-render.ts) and of the kept-sheet painter; nothing breaks where workers are refused.
 */
import { INTL_WARM_URL } from '@shared/admin-app';

export const INTL_WARM_START = `try{new Worker(${JSON.stringify(INTL_WARM_URL)})}catch(e){}`;
