import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerSchemas } from './openapi-answers';

/** A tiny project: a contract, a generic page type and a controller whose handlers return them. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reelty-openapi-answers-'));
  mkdirSync(join(dir, 'src/contracts'), { recursive: true });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', lib: ['ES2022'], types: [] },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(dir, 'src/contracts/things.ts'),
    `export interface ThingJson { id: string; state: 'draft' | 'live'; price: string | null; note?: string; tags: string[]; at: Date }
     export interface Page<T> { data: T[]; total: number }`,
  );
  writeFileSync(
    join(dir, 'src/things.controller.ts'),
    `import type { Page, ThingJson } from './contracts/things';
     declare const thing: ThingJson;
     export class ThingsController {
       async show(): Promise<{ thing: ThingJson }> { return { thing }; }
       list(): Page<ThingJson> { return { data: [thing], total: 1 }; }
       remove(): void {}
     }`,
  );
  return dir;
}

describe('answer schemas from the TypeScript source', () => {
  const dir = project();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('describes each handler’s answer, with named contracts as shared components', () => {
    const { answers, components } = answerSchemas(join(dir, 'tsconfig.json'));
    expect(answers.get('ThingsController_show')).toEqual({
      type: 'object',
      properties: { thing: { $ref: '#/components/schemas/ThingJson' } },
      required: ['thing'],
    });
    expect(components.ThingJson).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        state: { type: 'string', enum: ['draft', 'live'] },
        price: { type: 'string', nullable: true },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        at: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'state', 'price', 'tags', 'at'],
    });
    // A generic instance is described in place (not as one shared "Page").
    expect(answers.get('ThingsController_list')).toMatchObject({
      properties: {
        data: { type: 'array', items: { $ref: '#/components/schemas/ThingJson' } },
        total: { type: 'number' },
      },
    });
    expect(components.Page).toBeUndefined();
    expect(answers.has('ThingsController_remove')).toBe(false);
  });
});
