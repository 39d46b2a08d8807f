import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { App } from './lib/http.ts';
import { createCitiesRepository } from './modules/cities/cities.repository.ts';
import { citiesRoutes } from './modules/cities/cities.routes.ts';
import { createCitiesService } from './modules/cities/cities.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { runSeed } from './seed.ts';

export type AppOverrides = {
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  clock?: Clock;
  logger?: boolean;
};

/** The whole server, top to bottom: config, database, plugins, then each module. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const app = Fastify({
    logger: overrides.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Database: migrations and reference/demo data, once even when several processes start together.
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') }));
  app.addHook('onClose', async () => {
    await database.close();
  });
  const citiesRepository = createCitiesRepository(database.db);
  await database.withStartupLock(async () => {
    await database.migrate();
    await runSeed({ cities: citiesRepository, mode: config.seed, log: app.log });
  });

  // Cross-cutting plugins.
  const clock = overrides.clock ?? systemClock;
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  registerErrorHandling(app);
  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerOpenApi(app, { publicUrl: config.publicUrl });

  // Modules.
  healthRoutes(app, { ping: database.ping });
  citiesRoutes(app, { cities: createCitiesService({ cities: citiesRepository }) });
  contactRoutes(app, {
    contact: createContactService({
      contact: createContactRepository(database.db),
      mailer,
      supportEmail: config.supportEmail,
      limiter: createRateLimiter({ limit: 5, windowMs: 10 * 60_000, clock }),
      log: app.log,
    }),
  });

  // The web app and the fallback for every path no route claimed.
  await registerWeb(app, { webDist: config.webDist });
  return app;
}
