import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config';
import type { AssetsService } from './assets.service';
import { InertiaService } from './inertia.service';

function service(): InertiaService {
  const inertia = new InertiaService({ version: 'v1' } as AssetsService, { appName: 'Reelty' } as AppConfig);
  inertia.share('team', () => ({ id: 't1', name: 'Lone Star' }));
  return inertia;
}

const request = { headers: {}, originalUrl: '/pursuits', session: {} } as unknown as Request;

describe('InertiaService.page', () => {
  it('gives every page the shared props beside its own', async () => {
    const page = await service().page(request, 'Pursuits/Index', { mine: [] });
    expect(page.props).toEqual({
      appName: 'Reelty',
      team: { id: 't1', name: 'Lone Star' },
      mine: [],
      errors: {},
    });
  });

  it("refuses a page prop named like a shared one, which would hide the shell's value on that page", async () => {
    await expect(service().page(request, 'Pursuits/Index', { team: { data: [] } })).rejects.toThrow(
      'Pursuits/Index sets team, already a prop every page shares: rename it.',
    );
  });
});
