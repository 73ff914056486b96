import { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { migrations } from './migrations';
import { entities } from './entities';

/**
 * One definition of the connection, used by the app, the migration CLI and the tests. `poolSize` is
 * AppConfig.databasePoolSize for the app (DATABASE_POOL_SIZE).
 */
export function dataSourceOptions(
  url: string,
  extra: Partial<DataSourceOptions> = {},
  poolSize = 10,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    extra: { max: poolSize },
    ...extra,
  } as DataSourceOptions;
}
