import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import type { SweepstakesRules } from '../../contracts/sweepstakes';
import { CurrentUser, Public, Roles } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { AdminListQueryDto, PublicListQueryDto } from './dto/sweepstakes.dto';
import { PageQueryDto } from '../../common/page-query.dto';
import { SweepstakesClaimsService } from './sweepstakes-claims.service';
import { SweepstakesEntriesService } from './sweepstakes-entries.service';
import { SweepstakesService } from './sweepstakes.service';
import { DEFAULT_SHARE_CAP } from './sweepstakes.rules';
import { Clock, DAY_MS } from '../../common/clock';
import { DEFAULT_CLAIM_WINDOW_DAYS } from './sweepstakes.constants';

/** Inertia pages: Admin/Sweepstakes/{Index,Create,Edit,Show,Draw} and Sweepstakes/{Index,Show,ClaimPrize,Verify}. */
@Controller()
export class SweepstakesPagesController {
  constructor(
    private readonly sweepstakes: SweepstakesService,
    private readonly entries: SweepstakesEntriesService,
    private readonly claims: SweepstakesClaimsService,
    private readonly clock: Clock,
  ) {}

  @Get('admin/sweepstakes')
  @Roles('admin')
  async adminIndex(@Query() q: AdminListQueryDto) {
    return Inertia.render('Admin/Sweepstakes/Index', {
      page: await this.sweepstakes.adminList(q),
      state: q.state ?? null,
    });
  }

  @Get('admin/sweepstakes/create')
  @Roles('admin')
  adminCreate() {
    return Inertia.render('Admin/Sweepstakes/Create', { defaults: this.defaultRules() });
  }

  @Get('admin/sweepstakes/:id')
  @Roles('admin')
  async adminShow(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto) {
    const [sweepstakes, entries] = await Promise.all([this.sweepstakes.adminDetail(id), this.entries.entries(id, q)]);
    return Inertia.render('Admin/Sweepstakes/Show', { sweepstakes, entries });
  }

  @Get('admin/sweepstakes/:id/edit')
  @Roles('admin')
  async adminEdit(@Param('id', UuidPipe) id: string) {
    return Inertia.render('Admin/Sweepstakes/Edit', { sweepstakes: await this.sweepstakes.adminDetail(id) });
  }

  @Get('admin/sweepstakes/:id/draw')
  @Roles('admin')
  async adminDraw(@Param('id', UuidPipe) id: string) {
    return Inertia.render('Admin/Sweepstakes/Draw', { sweepstakes: await this.sweepstakes.adminDetail(id) });
  }

  @Get('sweepstakes')
  @Public()
  async index(@Query() q: PublicListQueryDto) {
    return Inertia.render('Sweepstakes/Index', { page: await this.sweepstakes.publicList(q) });
  }

  @Get('sweepstakes/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const sweepstakes = await this.sweepstakes.publicDetail(id);
    const me = viewer ? await this.sweepstakes.myStatus(id, viewer) : null;
    return Inertia.render('Sweepstakes/Show', { sweepstakes, me, now: this.clock.now().toISOString() });
  }

  @Get('sweepstakes/:id/claim')
  async claim(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return Inertia.render('Sweepstakes/ClaimPrize', { claim: await this.claims.claimState(user, id) });
  }

  @Get('sweepstakes/:id/verify')
  @Public()
  async verify(@Param('id', UuidPipe) id: string) {
    return Inertia.render('Sweepstakes/Verify', { sweepstakes: await this.sweepstakes.publicDetail(id) });
  }

  private defaultRules(): SweepstakesRules {
    const start = new Date(Math.ceil((this.clock.nowMs() + DAY_MS) / 3_600_000) * 3_600_000);
    return {
      min_age: 18,
      regions: ['US'],
      timezone: 'America/New_York',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 14 * DAY_MS).toISOString(),
      currency: 'USD',
      prizes: [{ name: '', description: '', retail_value_minor: 0 }],
      odds_statement: 'Odds of winning depend on the number of eligible entries received.',
      free_entry_method: 'No purchase necessary: enter free on this page once per period.',
      claim_window_days: DEFAULT_CLAIM_WINDOW_DAYS,
      alternates: 3,
      entry_period: 'once',
      bonus_entries: { purchase: 1, referral: 1, share: 1 },
      share_cap: DEFAULT_SHARE_CAP,
    };
  }
}
