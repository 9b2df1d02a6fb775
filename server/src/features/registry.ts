import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { AppConfig } from '../env';
import type { InterpretationEngine } from '../engine/types';
import { requireUser } from '../auth/guards';
import { adminRoutes } from './admin/routes';
import { appVersion } from './admin/service';
import { analyticsRoutes } from './analytics/routes';
import { dreamRoutes } from './dreams/routes';
import { guidedRoutes } from './guided/routes';
import { intentionRoutes } from './intentions/routes';
import { socialPublicRoutes, socialRoutes } from './social/routes';
import { interpretationRoutes } from './interpretations/routes';
import { lexiconRoutes } from './lexicon/routes';
import { symbolRoutes } from './symbols/routes';
import { transferRoutes } from './transfer/routes';
import { profileRoutes } from './users/profile-routes';

export interface FeatureDeps {
  db: Database;
  engine: InterpretationEngine;
  /** The AI provider settings (the guided library's personalised scripts may use the model). */
  ai: AppConfig['ai'];
  /** NODE_ENV, shown on the admin System tab. */
  environment: string;
}

/**
 * Every feature's routes, registered in one place. The signed-in scope answers 401 to a visitor in
 * its onRequest hook, before any body is read or validated: a feature registered there cannot forget it.
 */
export async function registerFeatureRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, engine, ai } = deps;
  // Public read (decisions page): the feed and a shared dream, so a copied share link works.
  await app.register(socialPublicRoutes, { db });
  await app.register(adminRoutes, { db, environment: deps.environment, version: appVersion() });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireUser);
    await signedIn.register(dreamRoutes, { db });
    await signedIn.register(intentionRoutes, { db });
    await signedIn.register(transferRoutes, { db });
    await signedIn.register(interpretationRoutes, { db, engine });
    await signedIn.register(symbolRoutes, { db, engine });
    await signedIn.register(analyticsRoutes, { db, engine });
    await signedIn.register(guidedRoutes, { db, engine, ai });
    await signedIn.register(lexiconRoutes, { db, engine });
    await signedIn.register(socialRoutes, { db });
    await signedIn.register(profileRoutes, { db });
  });
}
