import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { CurrentTeamService } from './current-team';
import {
  ChangeRoleDto,
  CheckTeamHandleDto,
  CreateTeamDto,
  MemberCapDto,
  PasswordDto,
  SwitchTeamDto,
  TeamListQueryDto,
  TransferDto,
  UpdateTeamDto,
  UsageQueryDto,
} from './dto/teams.dto';
import { permissionsOf, roleAllows } from './team-roles';
import { TeamBudgetService } from './team-budget.service';
import { pageOf, toMemberJson, toTeamJson, toTeamSummary } from './teams.mapper';
import { TeamsService } from './teams.service';
import { Authorize } from '../policies';

/** Teams, members, roles, ownership, the current team and LLM usage (JSON API). */
@Controller('api')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly current: CurrentTeamService,
    private readonly budget: TeamBudgetService,
  ) {}

  @Get('teams')
  async mine(@CurrentUser() user: User) {
    const memberships = await this.teams.memberships(user.id);
    return { data: memberships.map((m) => ({ team: toTeamSummary(m), role: m.role })) };
  }

  @Post('teams')
  @HttpCode(201)
  async create(@Body() dto: CreateTeamDto, @CurrentUser() user: User, @Req() req: Request) {
    const team = await this.teams.create(user, dto);
    req.session.currentTeamId = team.id;
    return { message: 'Team created', team: toTeamJson(team, true) };
  }

  /** The live handle check of the create and settings forms (422 with the reason, or available). */
  @Get('teams/current')
  async currentTeam(@Req() req: Request) {
    return this.current.props(req);
  }

  @Post('teams/check-handle')
  @HttpCode(200)
  async checkHandle(@Body() dto: CheckTeamHandleDto) {
    await this.teams.assertHandleAvailable(dto.handle, dto.team_id);
    return { status: 'available' };
  }

  @Put('user/current-team')
  async switchTeam(@Body() dto: SwitchTeamDto, @Req() req: Request) {
    const membership = await this.current.switchTo(req, dto.team_id);
    return { message: `Switched to ${membership.name}`, team: toTeamSummary(membership), role: membership.role };
  }

  @Get('teams/:id')
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const membership = await this.teams.membershipOrFail(user, id);
    const team = (await this.teams.findTeam(id))!;
    return {
      team: toTeamJson(team, roleAllows(membership.role, 'domain.manage')),
      role: membership.role,
      permissions: permissionsOf(membership.role),
    };
  }

  @Patch('teams/:id')
  @Authorize('team:team.update')
  async update(@Param('id', UuidPipe) id: string, @Body() dto: UpdateTeamDto, @CurrentUser() user: User) {
    return { message: 'Team updated', team: toTeamJson(await this.teams.update(user, id, dto), true) };
  }

  @Post('teams/:id/logo')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('logo', { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5 } }))
  async logo(
    @Param('id', UuidPipe) id: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @CurrentUser() user: User,
  ) {
    return { message: 'Logo updated', team: toTeamJson(await this.teams.uploadLogo(user, id, file?.buffer), true) };
  }

  @Delete('teams/:id')
  @Authorize('team:team.delete')
  async destroy(@Param('id', UuidPipe) id: string, @Body() dto: PasswordDto, @CurrentUser() user: User) {
    await this.teams.delete(user, id, dto.password);
    return { message: 'Team deleted' };
  }

  @Get('teams/:id/members')
  async members(@Param('id', UuidPipe) id: string, @Query() query: TeamListQueryDto, @CurrentUser() user: User) {
    const { page, perPage, offset } = query.window(25);
    const { membership, rows, total } = await this.teams.members(user, id, offset, perPage);
    const showEmail = roleAllows(membership.role, 'members.invite');
    return pageOf(
      rows.map((m) => toMemberJson(m, showEmail)),
      total,
      page,
      perPage,
    );
  }

  @Patch('teams/:id/members/:userId')
  @Authorize('team:members.role')
  async changeRole(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) memberId: string,
    @Body() dto: ChangeRoleDto,
    @CurrentUser() user: User,
  ) {
    await this.teams.changeRole(user, id, memberId, dto.role);
    return { message: 'Role changed' };
  }

  @Put('teams/:id/members/:userId/llm-cap')
  @Authorize('team:usage.manage')
  async cap(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) memberId: string,
    @Body() dto: MemberCapDto,
    @CurrentUser() user: User,
  ) {
    await this.teams.setMemberCap(user, id, memberId, dto.llm_cap_micro);
    return { message: 'Allowance saved' };
  }

  /** Removing a member, or leaving when the member is oneself. */
  @Delete('teams/:id/members/:userId')
  async remove(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) memberId: string,
    @CurrentUser() user: User,
  ) {
    await this.teams.removeMember(user, id, memberId);
    return { message: memberId === user.id ? 'You left the team' : 'Member removed' };
  }

  @Post('teams/:id/transfer')
  @Authorize('team.transfer')
  @HttpCode(200)
  async transfer(@Param('id', UuidPipe) id: string, @Body() dto: TransferDto, @CurrentUser() user: User) {
    await this.teams.transferOwnership(user, id, dto.user_id, dto.password);
    return { message: 'Ownership transferred' };
  }

  @Get('teams/:id/llm-usage')
  async usage(@Param('id', UuidPipe) id: string, @Query() query: UsageQueryDto, @CurrentUser() user: User) {
    return { usage: await this.budget.usage(user, id, query.month) };
  }
}
