import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Roles } from '../auth';
import type { User } from '../users';
import {
  AdminListQueryDto,
  AmendmentDto,
  DisqualifyDto,
  DrawDto,
  FulfilDto,
  RegistrationDto,
  SweepstakesInputDto,
} from './dto/sweepstakes.dto';
import { SweepstakesAdminService } from './sweepstakes-admin.service';
import { SweepstakesClaimsService } from './sweepstakes-claims.service';
import { SweepstakesDrawService } from './sweepstakes-draw.service';
import { SweepstakesEntriesService } from './sweepstakes-entries.service';
import { SweepstakesService } from './sweepstakes.service';

/** Admin JSON API: lifecycle, amendments, registration, the draw, winners. Admins only. */
@Controller('api/admin/sweepstakes')
@Roles('admin')
export class SweepstakesAdminController {
  constructor(
    private readonly sweepstakes: SweepstakesService,
    private readonly admin: SweepstakesAdminService,
    private readonly entries: SweepstakesEntriesService,
    private readonly draws: SweepstakesDrawService,
    private readonly claims: SweepstakesClaimsService,
  ) {}

  @Get()
  list(@Query() q: AdminListQueryDto) {
    return this.sweepstakes.adminList(q);
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() body: SweepstakesInputDto) {
    return { message: 'Sweepstakes created', sweepstakes: await this.admin.create(user, body) };
  }

  @Get(':id')
  async show(@Param('id', UuidPipe) id: string) {
    return { sweepstakes: await this.sweepstakes.adminDetail(id) };
  }

  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: SweepstakesInputDto) {
    return { message: 'Sweepstakes saved', sweepstakes: await this.admin.update(user, id, body) };
  }

  @Post(':id/schedule')
  @HttpCode(200)
  async schedule(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { message: 'Scheduled', sweepstakes: await this.admin.schedule(user, id) };
  }

  @Post(':id/open')
  @HttpCode(200)
  async open(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { message: 'Open for entries; the rules are now locked', sweepstakes: await this.admin.open(id, user) };
  }

  @Post(':id/close')
  @HttpCode(200)
  async close(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { message: 'Closed; the entrant list is frozen', sweepstakes: await this.admin.close(id, user) };
  }

  @Post(':id/void')
  @HttpCode(200)
  async void(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { message: 'Sweepstakes cancelled', sweepstakes: await this.admin.void(user, id) };
  }

  @Post(':id/registration')
  @HttpCode(200)
  async registration(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: RegistrationDto) {
    return { message: 'Registration recorded', sweepstakes: await this.admin.recordRegistration(user, id, body) };
  }

  @Post(':id/amendments')
  @HttpCode(201)
  async amend(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: AmendmentDto) {
    return { message: 'Amendment published', sweepstakes: await this.admin.amend(user, id, body) };
  }

  @Get(':id/entries')
  entriesPage(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto) {
    return this.entries.entries(id, q);
  }

  @Post(':id/draw')
  @HttpCode(202)
  async draw(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: DrawDto) {
    return { message: 'The draw has started', sweepstakes: await this.draws.start(user, id, body) };
  }

  @Get(':id/winners.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="sweepstakes-winners.csv"')
  winnersCsv(@Param('id', UuidPipe) id: string) {
    return this.claims.winnersCsv(id);
  }

  @Post(':id/winners/:winnerId/disqualify')
  @HttpCode(200)
  async disqualify(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('winnerId', UuidPipe) winnerId: string,
    @Body() body: DisqualifyDto,
  ) {
    return { message: 'Disqualified', sweepstakes: await this.claims.disqualify(user, id, winnerId, body.reason_code) };
  }

  @Post(':id/winners/:winnerId/fulfil')
  @HttpCode(200)
  async fulfil(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('winnerId', UuidPipe) winnerId: string,
    @Body() body: FulfilDto,
  ) {
    return { message: 'Marked fulfilled', sweepstakes: await this.claims.fulfil(user, id, winnerId, body.tracking) };
  }
}
