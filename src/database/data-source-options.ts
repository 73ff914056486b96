import { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { migrations } from './migrations';
import { entities } from './entities';

/** One definition of the connection, used by the app, the migration CLI and the tests. */
export function dataSourceOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    extra: { max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
    ...extra,
  } as DataSourceOptions;
}
