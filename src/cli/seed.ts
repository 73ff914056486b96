import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createLogger } from '../app';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { resolveRuntime } from '../config/runtime';
import { seedDemoData } from '../database/seeds/demo.seed';
import { runCommand } from './run-command';

/**
 * `npm run db:seed`: migrates, then creates the demo accounts (idempotent) on the database the app
 * would use, and prints them. No HTTP listener and no job workers.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await resolveRuntime(config);
  try {
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, runtime, { runWorkers: false }), {
      logger: createLogger(config),
    });
    try {
      await app.get<DataSource>(getDataSourceToken()).runMigrations({ transaction: 'each' });
      await seedDemoData(app, new Logger('Seed'));
    } finally {
      await app.close();
    }
  } finally {
    await runtime.stop();
  }
}

runCommand(main, 'Seeding failed');
