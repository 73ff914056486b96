import { Controller, Get } from '@nestjs/common';
import { Roles } from '../auth';
import { Inertia } from '../inertia';

/** The admin console's front door: where every admin screen is listed (more join as the console grows). */
export const ADMIN_SECTIONS = [
  { title: 'Credits', description: 'Look a user up, grant image credits, read the ledger.', href: '/admin/credits' },
  {
    title: 'Queue monitor',
    description: 'Background jobs per queue: waiting, active, failed; retry or clean.',
    href: '/admin/queue-monitor',
  },
  {
    title: 'Sweepstakes',
    description: 'Create, open, close and draw provably fair sweepstakes; winners, claims and fulfilment.',
    href: '/admin/sweepstakes',
  },
] as const;

@Controller()
@Roles('admin')
export class AdminDashboardController {
  @Get('admin')
  page() {
    return Inertia.render('Admin/Dashboard', { sections: ADMIN_SECTIONS });
  }
}
