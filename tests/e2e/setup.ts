/**
 * Global setup of the e2e project: builds the app when stale, prepares the run's copy of the build and its seeded
 * database (harness.mjs prepareRun: every server the tests start copies it), starts the built server
 * (`node dist/server/main.js`) on a temp PGlite DATA_DIR and a free port, and provides
 * its base URL to the tests. Teardown stops it with SIGTERM and removes the data dir.
 */
import type { TestProject } from 'vitest/node';
import { buildApp, prepareRun, startServer } from './harness.mjs';

export default async function setup(project: TestProject) {
  buildApp();
  const endRun = await prepareRun();
  const server = await startServer();
  project.provide('e2eBaseUrl', server.baseUrl);
  console.log(`[e2e] server at ${server.baseUrl} (data in ${server.dataDir})`);
  return async () => {
    await server.stop();
    endRun();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}
