import { Logger } from '@nestjs/common';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoSweepstakes } from '../../src/database/seeds/sweepstakes.seed';
import { bootTestApp, TestApp } from '../support/app';
import { verifyPublished } from './helpers';

describe('sweepstakes demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
    await t.createUser({ email: 'admin@reelty.test', handle: 'ada', role: 'admin' });
    for (const name of ['viewer', 'buyer', 'realtor'])
      await t.createUser({ email: `${name}@reelty.test`, handle: name });
  });
  afterAll(() => t.close());

  it('seeds one open sweepstakes the demo users entered and one drawn one that verifies; a second run adds nothing', async () => {
    await seedDemoSweepstakes(t.app, new Logger('SeedTest'));
    const guest = await t.client();
    const list = (await guest.get('/api/sweepstakes')).body.data as Array<{
      id: string;
      state: string;
      entry_count: number;
    }>;
    expect(list.map((s) => s.state).sort()).toEqual(['drawn', 'open']);
    const open = list.find((s) => s.state === 'open')!;
    expect(open.entry_count).toBe(13);
    const drawn = (await guest.get(`/api/sweepstakes/${list.find((s) => s.state === 'drawn')!.id}`)).body.sweepstakes;
    const text = (await guest.get(`/api/sweepstakes/${drawn.id}/entrants.txt`)).text;
    const report = verifyPublished(text, drawn.draw);
    expect(report.hashMatches && report.commitmentMatches).toBe(true);
    expect(report.picks.map((p) => p.ref)).toEqual(drawn.draw.picks.map((p: { ref: string }) => p.ref));
    expect(drawn.winners).toHaveLength(3);
    expect(drawn.winners.every((w: { status: string }) => w.status === 'notified')).toBe(true);

    // The offline script agrees, and catches a list changed by one entry.
    const dir = mkdtempSync(join(tmpdir(), 'sweepstakes-verify-'));
    writeFileSync(join(dir, 'entrants.txt'), text);
    writeFileSync(join(dir, 'sweepstakes.json'), JSON.stringify({ sweepstakes: drawn }));
    const script = (list: string) =>
      spawnSync(
        process.execPath,
        ['scripts/verify-sweepstakes-draw.js', list, '--published', join(dir, 'sweepstakes.json')],
        {
          encoding: 'utf8',
        },
      );
    const good = script(join(dir, 'entrants.txt'));
    expect({ status: good.status, out: good.stdout }).toMatchObject({
      status: 0,
      out: expect.stringContaining('identical'),
    });
    const [first, ...rest] = text.split('\n');
    const [ref, entries] = first.split(',');
    writeFileSync(join(dir, 'tampered.txt'), [`${ref},${Number(entries) + 1}`, ...rest].join('\n'));
    const bad = script(join(dir, 'tampered.txt'));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('DOES NOT MATCH');
    rmSync(dir, { recursive: true, force: true });

    const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM sweepstakes_entries`))[0].n;
    const before = await count();
    await seedDemoSweepstakes(t.app, new Logger('SeedTest'));
    expect(await count()).toBe(before);
  });
});
