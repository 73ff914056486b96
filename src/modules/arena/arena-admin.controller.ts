import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { AuditActor, type AuditContext } from '../admin';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { ArenaIntegrityService } from './arena-integrity.service';
import { FlagDecisionDto, FlagsQueryDto } from './dto/arena-integrity.dto';

/** The arena's integrity review queue for admins: flagged vote clusters, exclude or dismiss (audited). */
@Controller()
@Roles('admin')
export class ArenaAdminController {
  constructor(private readonly integrity: ArenaIntegrityService) {}

  @Get('admin/arena/flags')
  async reviewPage(@Query() q: FlagsQueryDto) {
    return Inertia.render('Arena/IntegrityReview', { state: q.currentState(), flags: await this.integrity.page(q) });
  }

  /** Flagged vote clusters by state (open first), newest first. */
  @Get('api/admin/arena/flags')
  flags(@Query() q: FlagsQueryDto) {
    return this.integrity.page(q);
  }

  /** Excludes the flag's votes (ratings replayed without them) or dismisses it; recorded in the audit trail. */
  @Post('api/admin/arena/flags/:id/decision')
  @HttpCode(200)
  async decide(@Param('id', UuidPipe) id: string, @Body() body: FlagDecisionDto, @AuditActor() actor: AuditContext) {
    const flag = await this.integrity.decide(actor, id, body);
    return { message: flag.state === 'excluded' ? 'Votes excluded; ratings recomputed.' : 'Flag dismissed.', flag };
  }
}
