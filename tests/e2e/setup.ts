/**
 * Global setup of the e2e project: builds the app when stale, prepares the run's copy of the build and its seeded
 * database (harness.mjs prepareRun: every server the tests start copies it), starts one built server
 * (`node dist/server/main.js`, temp PGlite DATA_DIR, free port) per worker, and provides their base URLs to the
 * tests. The files of one worker run one after the other on its server, as the whole project did before files ran
 * in parallel (decision 026): what one file leaves there (a booking, a blocked day) never lands in the middle of
 * another. Teardown stops them with SIGTERM and removes the data dirs.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildApp, CHROMIUM_ARGS, CHROMIUM_PATH, prepareRun, startServer } from './harness.mjs';

export default async function setup(project: TestProject) {
  buildApp();
  const endRun = await prepareRun();
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  // One Chromium per worker for the whole run, which each file connects to (tests/e2e/browser.ts): starting a browser
  // per file cost about a second of both cores each time.
  const browsers = await Promise.all(
    Array.from({ length: workers }, () =>
      chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    ),
  );
  project.provide(
    'e2eBaseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide(
    'e2eBrowserEndpoints',
    browsers.map((b) => b.wsEndpoint()),
  );
  for (const server of servers) console.log(`[e2e] server at ${server.baseUrl} (data in ${server.dataDir})`);
  return async () => {
    await Promise.all([...servers.map((s) => s.stop()), ...browsers.map((b) => b.close())]);
    endRun();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrls: string[];
    e2eBrowserEndpoints: string[];
  }
}
