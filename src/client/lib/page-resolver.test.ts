import { pagePath, resolvePage } from './page-resolver';

describe('page resolution', () => {
  const Draw = () => null;
  const loaders = { '../pages/Admin/Sweepstakes/Draw.tsx': async () => ({ default: Draw }) };

  it('maps a nested page name to its file', async () => {
    expect(pagePath('Admin/Sweepstakes/Draw')).toBe('../pages/Admin/Sweepstakes/Draw.tsx');
    await expect(resolvePage('Admin/Sweepstakes/Draw', loaders)).resolves.toBe(Draw);
  });

  it('fails with a clear message for an unknown page', async () => {
    await expect(resolvePage('Nope', loaders)).rejects.toThrow(
      'Inertia page not found: "Nope" (expected src/pages/Nope.tsx)',
    );
  });
});
