import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { AppConfig } from '../env';
import type { InterpretationEngine } from '../engine/types';
import { requireUser } from '../auth/guards';
import { analyticsRoutes } from './analytics/routes';
import { dreamRoutes } from './dreams/routes';
import { guidedRoutes } from './guided/routes';
import { intentionRoutes } from './intentions/routes';
import { interpretationRoutes } from './interpretations/routes';
import { symbolRoutes } from './symbols/routes';
import { transferRoutes } from './transfer/routes';

export interface FeatureDeps {
  db: Database;
  engine: InterpretationEngine;
  /** The AI provider settings (the guided library's personalised scripts may use the model). */
  ai: AppConfig['ai'];
}

/**
 * Every feature's routes, registered in one place. The signed-in scope answers 401 to a visitor in
 * its onRequest hook, before any body is read or validated: a feature registered there cannot forget it.
 */
export async function registerFeatureRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, engine, ai } = deps;
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireUser);
    await signedIn.register(dreamRoutes, { db });
    await signedIn.register(intentionRoutes, { db });
    await signedIn.register(transferRoutes, { db });
    await signedIn.register(interpretationRoutes, { db, engine });
    await signedIn.register(symbolRoutes, { db, engine });
    await signedIn.register(analyticsRoutes, { db, engine });
    await signedIn.register(guidedRoutes, { db, engine, ai });
  });
}
