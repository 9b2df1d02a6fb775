import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { HTTP } from '@common/limits';
import { MSG } from '@common/messages';
import { isClientRoute } from '@common/paths';
import type { Database } from './db/client';
import type { AppConfig } from './env';
import { registerChangeFeed } from './db/change-feed';
import { authRoutes } from './features/auth/routes';
import { healthRoutes } from './features/health/routes';
import { registerAuth } from './auth/request-user';
import { registerOriginCheck } from './middleware/origin-check';
import { clientErrorHandler } from './middleware/client-errors';
import { registerErrorHandling } from './middleware/errors';
import { registerJsonBody } from './middleware/json-body';
import { requestValidatorCompiler } from './middleware/validation';
import { registerSecurityHeaders } from './middleware/security-headers';
import { fastSerializerCompiler } from './middleware/serializer';
import { registerFeatureRoutes, type FeatureDeps } from './features/registry';

export interface AppDeps extends Omit<FeatureDeps, 'db' | 'environment' | 'ai'> {
  config: AppConfig;
  db: Database;
  /** Directory of the built client; null serves the API only. Defaults to dist/client. */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (the process entry passes its own). */
  loggerInstance?: FastifyBaseLogger;
}

/** The address a static file was asked for: the plugin hands setHeaders Node's response, which knows its request. */
function requestUrl(res: object): string {
  const req = (res as { req?: { url?: unknown } }).req;
  return typeof req?.url === 'string' ? req.url : '';
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? { level: config.logLevel } }),
    bodyLimit: HTTP.bodyLimitBytes,
    http: { maxHeaderSize: HTTP.maxRequestHeadBytes },
    clientErrorHandler,
    trustProxy: config.trustProxy,
    // Stack traces and internals never reach the client; the error handler decides what does.
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  registerErrorHandling(app);
  registerJsonBody(app);

  registerSecurityHeaders(app, { hsts: config.cookieSecure });
  await app.register(fastifyCookie);
  if (config.rateLimitMax > 0) {
    await app.register(fastifyRateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManyRequests }),
    });
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dream Traveler API',
        description: 'Navigate your multidimensional consciousness. Every endpoint of the Dream Traveler server.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'dt_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  registerOriginCheck(app);
  registerChangeFeed(app, db);
  registerAuth(app, db, { secure: config.cookieSecure });

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, {
    db,
    cookie: { secure: config.cookieSecure },
    loginFailures: config.authThrottle?.loginFailures,
    registrations: config.authThrottle?.registrations,
  });
  await registerFeatureRoutes(app, { db, engine: deps.engine, environment: config.nodeEnv, ai: config.ai });

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const clientDir = deps.clientDir === undefined ? defaultClientDir : deps.clientDir;
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : null;
  if (clientDir && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes .br/.gz next to each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every file name under assets/: safe to cache for a year. The
        // ambient audio is asked for with its content hash as ?v= (app/src/features/guided/tracks.ts).
        const versionedAudio =
          filePath.includes(`${path.sep}audio${path.sep}`) && /[?&]v=[0-9a-f]+/.test(requestUrl(res));
        const immutable = versionedAudio || filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // The static plugin refuses directory paths; the home page is the client's index.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
    // Visitors get the landing page as static HTML prerendered at build time, with no app script
    // (scripts/prerender-landing.tsx); a signed-in user gets the app, whose header has their menu.
    const landing = existsSync(path.join(clientDir, 'landing.html')) ? 'landing.html' : 'index.html';
    app.get('/landing', { schema: { hide: true } }, (request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .sendFile(request.user ? 'index.html' : landing),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !indexHtml || !existsSync(indexHtml)) {
      return reply.code(404).send({ message: MSG.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: MSG.notFound });
    }
    // The client renders every page; unknown paths still get its "404 Page Not Found" page, with a 404 status.
    reply.header('Cache-Control', 'no-cache');
    return reply.code(isClientRoute(pathname) ? 200 : 404).sendFile('index.html');
  });

  return app;
}
