import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/database/data-source-options';

// For the TypeORM CLI: `npx typeorm -d dist/ormconfig.js migration:run` (or `npm run db:migrate`).
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reelty'),
);
