import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import { Authorize } from '../policies';
import { RateLimiterService } from '../security';
import { TeamsService } from '../teams';
import type { User } from '../users';
import {
  CreatePursuitDto,
  MilestoneDto,
  PursuitListQueryDto,
  UpdateMilestoneDto,
  UpdatePursuitDto,
} from './dto/pursuits.dto';
import { PursuitsService } from './pursuits.service';

/** Pursuits: the Pursuits/Index page and the JSON API under /api/pursuits. */
@Controller()
export class PursuitsController {
  constructor(
    private readonly pursuits: PursuitsService,
    private readonly teams: TeamsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('pursuits')
  async page(@Query() q: PursuitListQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    const [mine, teamPursuits, teams] = await Promise.all([
      this.pursuits.list(user, 'mine', page, perPage),
      this.pursuits.list(user, 'team', 1, 20),
      this.teams.memberships(user.id),
    ]);
    return Inertia.render('Pursuits/Index', {
      mine,
      team_pursuits: teamPursuits,
      teams: teams.map((t) => ({ id: t.id, name: t.name })),
    });
  }

  @Get('api/pursuits')
  list(@Query() q: PursuitListQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.pursuits.list(user, q.scope ?? 'mine', page, perPage);
  }

  @Post('api/pursuits')
  @HttpCode(201)
  async create(@Body() body: CreatePursuitDto, @CurrentUser() user: User) {
    await this.limiter.hit(`pursuit-create:${user.id}`, 30, 3600);
    return { message: 'Pursuit added', pursuit: await this.pursuits.create(user, body) };
  }

  @Get('api/pursuits/:id')
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { pursuit: await this.pursuits.show(user, id) };
  }

  @Patch('api/pursuits/:id')
  @Authorize('pursuit.change')
  async update(@Param('id', UuidPipe) id: string, @Body() body: UpdatePursuitDto, @CurrentUser() user: User) {
    return { message: 'Saved', pursuit: await this.pursuits.update(user, id, body) };
  }

  @Delete('api/pursuits/:id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.pursuits.remove(user, id);
    return { message: 'Pursuit deleted' };
  }

  @Post('api/pursuits/:id/milestones')
  @Authorize('pursuit.change')
  @HttpCode(201)
  async addMilestone(@Param('id', UuidPipe) id: string, @Body() body: MilestoneDto, @CurrentUser() user: User) {
    return { message: 'Milestone added', pursuit: await this.pursuits.addMilestone(user, id, body.title) };
  }

  @Patch('api/pursuit-milestones/:id')
  @Authorize('pursuit-milestone.change')
  async updateMilestone(
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateMilestoneDto,
    @CurrentUser() user: User,
  ) {
    return { message: 'Saved', pursuit: await this.pursuits.updateMilestone(user, id, body) };
  }

  @Delete('api/pursuit-milestones/:id')
  async removeMilestone(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Milestone removed', pursuit: await this.pursuits.removeMilestone(user, id) };
  }
}
