import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { dreamRoutes } from './dreams/routes';
import { intentionRoutes } from './intentions/routes';
import { transferRoutes } from './transfer/routes';

export interface FeatureDeps {
  db: Database;
}

/** Every feature's routes, registered in one place. */
export async function registerFeatureRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await app.register(dreamRoutes, { db: deps.db });
  await app.register(intentionRoutes, { db: deps.db });
  await app.register(transferRoutes, { db: deps.db });
}
