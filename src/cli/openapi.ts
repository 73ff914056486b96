import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config/app-config';
import { resolveRuntime } from '../config/runtime';
import { buildOpenApiDocument } from '../common/openapi';
import { addAnswers } from './openapi-answers';
import { runCommand } from './run-command';

/**
 * `npm run openapi`: writes the OpenAPI document of every /api route to docs/openapi.json (or the path given as the
 * first argument). It boots the built app, so DTO properties come from the @nestjs/swagger CLI plugin's build-time
 * metadata, on the database the app would use (DATABASE_URL, else local, else embedded), without jobs or demo data.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const runtime = await resolveRuntime(config);
  try {
    const app = await createApp(config, runtime, { runWorkers: false });
    await app.init();
    const document = buildOpenApiDocument(app, config);
    // Answer shapes come from the TypeScript source (the handlers' return types), so this runs in a checkout.
    const described = addAnswers(document, 'tsconfig.build.json');
    const target = resolve(process.argv[2] ?? 'docs/openapi.json');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(document.paths).length} /api paths (${described} answers described) to ${target}`);
    await app.close();
  } finally {
    await runtime.stop();
  }
}

runCommand(main, 'OpenAPI export failed');
