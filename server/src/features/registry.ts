import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export interface FeatureDeps {
  db: Database;
}

/** Every feature's routes, registered in one place. */
export async function registerFeatureRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  void app;
  void deps;
}
