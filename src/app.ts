import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { AppModule, AppOptions } from './app.module';
import { AppConfig } from './config/app-config';
import { Runtime } from './config/runtime';
import { serveOpenApiDocs } from './common/openapi';
import { createValidationPipe } from './common/validation';
import { PUBLIC_DIR } from './modules/inertia/assets.service';
import { CsrfMiddleware } from './modules/security/csrf.middleware';
import { PgSessionStore } from './modules/security/pg-session.store';
import { QuietStartupLogger } from './infra/quiet-startup-logger';
import { requestLogger } from './modules/security/request-logger.middleware';
import { attachRealtime } from './modules/realtime';
import { UsersService } from './modules/users/users.service';

/**
 * The built client (dist/public): hashed bundles cached for a year, the rest revalidated. Mounted
 * per top-level entry, so page and API requests never stat the disk.
 */
function serveClientBuild(app: NestExpressApplication): void {
  if (!existsSync(PUBLIC_DIR)) return;
  for (const entry of readdirSync(PUBLIC_DIR, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the server only
    const path = join(PUBLIC_DIR, entry.name);
    if (entry.isDirectory()) {
      const immutable = entry.name === 'assets';
      app.useStaticAssets(path, {
        prefix: `/${entry.name}/`,
        index: false,
        setHeaders: (res) =>
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache'),
      });
    } else {
      app.use(`/${entry.name}`, (req: Request, res: Response, next: NextFunction) =>
        req.method === 'GET' || req.method === 'HEAD'
          ? res.sendFile(path, { headers: { 'Cache-Control': 'no-cache' } })
          : next(),
      );
    }
  }
}

const LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
};

export function createLogger(config: AppConfig): ConsoleLogger {
  return new QuietStartupLogger({
    json: config.env === 'production',
    logLevels: LEVELS[config.logLevel],
    colors: config.env === 'development',
  });
}

/**
 * Builds the whole HTTP application (used by main.ts and by the end-to-end tests), with the
 * schema migrated. The caller listens.
 */
export async function createApp(
  config: AppConfig,
  runtime: Runtime,
  options: AppOptions,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, runtime, options), {
    logger: createLogger(config),
    bufferLogs: false,
  });
  const db = app.get<DataSource>(getDataSourceToken());
  await db.runMigrations({ transaction: 'each' });

  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Webhooks are signed over their exact bytes, so those requests keep the raw body beside the parsed one.
  app.useBodyParser('json', {
    limit: '1mb',
    verify: (req: import('express').Request & { rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
      if (req.url.startsWith('/webhooks/')) req.rawBody = buf;
    },
  });
  app.useBodyParser('urlencoded', { extended: true, limit: '1mb' });
  app.use(requestLogger);
  app.use((_req: unknown, res: import('express').Response, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });
  serveClientBuild(app);
  app.use(cookieParser());
  const store = new PgSessionStore(db, app.get(UsersService));
  app.use(
    session({
      store,
      name: config.session.cookieName,
      secret: config.appKey,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.session.secure, maxAge: config.session.maxAgeMs },
    }),
  );
  const csrf = new CsrfMiddleware();
  app.use(csrf.use.bind(csrf));
  app.useGlobalPipes(createValidationPipe());
  serveOpenApiDocs(app, config);
  // WebSockets (/app/{key}) and the Pusher HTTP API (/apps/...) share the app's port.
  await attachRealtime(app);
  const close = app.close.bind(app);
  app.close = async () => {
    store.close();
    await close();
  };
  return app;
}
