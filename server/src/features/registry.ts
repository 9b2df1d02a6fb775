import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { InterpretationEngine } from '../engine/types';
import { analyticsRoutes } from './analytics/routes';
import { dreamRoutes } from './dreams/routes';
import { intentionRoutes } from './intentions/routes';
import { interpretationRoutes } from './interpretations/routes';
import { symbolRoutes } from './symbols/routes';
import { transferRoutes } from './transfer/routes';

export interface FeatureDeps {
  db: Database;
  engine: InterpretationEngine;
}

/** Every feature's routes, registered in one place. */
export async function registerFeatureRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, engine } = deps;
  await app.register(dreamRoutes, { db });
  await app.register(intentionRoutes, { db });
  await app.register(transferRoutes, { db });
  await app.register(interpretationRoutes, { db, engine });
  await app.register(symbolRoutes, { db, engine });
  await app.register(analyticsRoutes, { db, engine });
}
