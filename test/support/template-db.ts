import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';

/**
 * One migrated template database per version of the migrations, shared by every test file, every Jest
 * worker and every run on this PostgreSQL: a test database is then `CREATE DATABASE x TEMPLATE tpl`
 * (tens of milliseconds) instead of ~30 migrations, and the app's boot-time migration run finds
 * nothing to do. The template is built under a temporary name and renamed once migrated, under an
 * advisory lock, so concurrent runs never see a half-built one; it refuses connections, so nobody can
 * hold it open (a connected template makes CREATE DATABASE ... TEMPLATE fail).
 */
const MIGRATIONS_DIR = resolve(__dirname, '../../src/database/migrations');
const LOCK_KEY = 176511000; // pg_advisory_lock key: building test templates
const BUILDING = '_building_';

/** The template's name: a hash of every migration file, so a changed or added migration gets a new one. */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return `reelty_tpl_${hash.digest('hex').slice(0, 16)}`;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function exists(admin: Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return Boolean(rowCount);
}

/** Runs a statement that needs the database free of sessions, retrying while a just-closed one is still exiting. */
export async function whenUnused(work: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await work();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // object_in_use
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

async function drop(admin: Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`).catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function build(admin: Client, adminUrl: string, name: string): Promise<void> {
  // A build that died with its process left its temporary database behind: nobody else builds while we hold the lock.
  const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}${BUILDING}%`]);
  for (const row of rows as Array<{ datname: string }>) await drop(admin, row.datname);
  const building = `${name}${BUILDING}${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${building}"`);
  try {
    const db = new DataSource(dataSourceOptions(databaseUrl(adminUrl, building), {}, 1));
    await db.initialize();
    try {
      await db.runMigrations({ transaction: 'each' });
    } finally {
      await db.destroy();
    }
    await whenUnused(() => admin.query(`ALTER DATABASE "${building}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
    await whenUnused(() => admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
  } catch (error) {
    await drop(admin, building).catch(() => undefined);
    throw error;
  }
}

const ready = new Map<string, Promise<string>>();

/** Makes sure the migrated template for the current migrations exists (built once) and returns its name. */
export function ensureTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  const key = `${adminUrl} ${name}`;
  if (!ready.has(key)) {
    const work = (async () => {
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        if (await exists(admin, name)) return name;
        await admin.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
        try {
          if (!(await exists(admin, name))) await build(admin, adminUrl, name);
        } finally {
          await admin.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
        }
        return name;
      } finally {
        await admin.end();
      }
    })();
    work.catch(() => ready.delete(key));
    ready.set(key, work);
  }
  return ready.get(key)!;
}
