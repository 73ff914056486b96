import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import cookieParser from 'cookie-parser';
import session from 'express-session';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule, AppOptions } from './app.module';
import { AppConfig } from './config/app-config';
import { Runtime } from './config/runtime';
import { createValidationPipe } from './common/validation';
import { PUBLIC_DIR } from './modules/inertia/assets.service';
import { CsrfMiddleware } from './modules/security/csrf.middleware';
import { PgSessionStore } from './modules/security/pg-session.store';
import { requestLogger } from './modules/security/request-logger.middleware';
import { RealtimeGateway } from './modules/realtime/realtime.gateway';

const LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
};

export function createLogger(config: AppConfig): ConsoleLogger {
  return new ConsoleLogger({ json: config.env === 'production', logLevels: LEVELS[config.logLevel], colors: config.env === 'development' });
}

/**
 * Builds the whole HTTP application (used by main.ts and by the end-to-end tests), with the
 * schema migrated. The caller listens.
 */
export async function createApp(config: AppConfig, runtime: Runtime, options: AppOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, runtime, options), {
    logger: createLogger(config),
    bufferLogs: false,
  });
  const db = app.get<DataSource>(getDataSourceToken());
  await db.runMigrations({ transaction: 'each' });

  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '1mb' });
  app.use(requestLogger);
  app.use((_req: unknown, res: import('express').Response, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });
  app.useStaticAssets(PUBLIC_DIR, {
    index: false,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${join('public', 'assets')}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use(cookieParser());
  const store = new PgSessionStore(db);
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
  // WebSockets (/app/{key}) and the Pusher HTTP API (/apps/...) share the app's port.
  await app.get(RealtimeGateway).attach(app.getHttpServer());
  const close = app.close.bind(app);
  app.close = async () => {
    store.close();
    await close();
  };
  return app;
}
