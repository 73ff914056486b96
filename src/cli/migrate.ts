import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { resolveRuntime } from '../config/runtime';
import { dataSourceOptions } from '../database/data-source-options';
import { runCommand } from './run-command';

/**
 * `npm run db:migrate`: runs the pending migrations on the database the app would use (DATABASE_URL,
 * else a local PostgreSQL, else the embedded one under storage/), then exits. The web process also
 * runs them on start; this is for deployments that migrate as a separate step.
 * `--show` lists the pending ones without running them.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await resolveRuntime(config);
  const db = new DataSource(dataSourceOptions(runtime.databaseUrl, { extra: { max: 1 } }));
  try {
    await db.initialize();
    if (process.argv.includes('--show')) {
      const pending = await db.showMigrations();
      console.log(pending ? 'There are pending migrations.' : 'No pending migrations.');
      return;
    }
    const ran = await db.runMigrations({ transaction: 'each' });
    console.log(
      ran.length ? `Ran ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}` : 'No pending migrations.',
    );
  } finally {
    if (db.isInitialized) await db.destroy();
    await runtime.stop();
  }
}

runCommand(main, 'Migration failed');
