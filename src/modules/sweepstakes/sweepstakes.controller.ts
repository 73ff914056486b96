import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public, Verified } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { ClaimDto, EnterDto, PublicListQueryDto } from './dto/sweepstakes.dto';
import { SweepstakesClaimsService } from './sweepstakes-claims.service';
import { SweepstakesEntriesService } from './sweepstakes-entries.service';
import { SweepstakesService } from './sweepstakes.service';
import { Authorize } from '../policies';

const TAX_FORM_UPLOAD_LIMIT = 12 * 1024 * 1024;

/** Public JSON API: list, landing, entering, the published draw inputs, and the winner's claim. */
@Controller('api/sweepstakes')
export class SweepstakesController {
  constructor(
    private readonly sweepstakes: SweepstakesService,
    private readonly entries: SweepstakesEntriesService,
    private readonly claims: SweepstakesClaimsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get()
  @Public()
  list(@Query() q: PublicListQueryDto) {
    return this.sweepstakes.publicList(q);
  }

  @Get(':id')
  @Public()
  async show(@Param('id', UuidPipe) id: string) {
    return { sweepstakes: await this.sweepstakes.publicDetail(id) };
  }

  @Get(':id/me')
  async me(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { me: await this.sweepstakes.myStatus(id, user) };
  }

  @Post(':id/entries')
  @Verified()
  @HttpCode(201)
  async enter(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: EnterDto,
    @Req() req: Request,
  ) {
    await this.limiter.hit(`sweepstakes-enter:${user.id}`, 10, 60);
    const me = await this.entries.enter(user, id, body, { ip: req.ip ?? null, userAgent: req.get('user-agent') });
    return { message: 'You are entered. Good luck!', me };
  }

  /** The frozen entrant list, byte for byte the text whose SHA-256 is published (streamed, never all in memory). */
  @Get(':id/entrants.txt')
  @Public()
  async entrants(@Param('id', UuidPipe) id: string, @Res() res: Response) {
    const chunks = await this.sweepstakes.entrantList(id);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="entrants-${id}.txt"`);
    for await (const chunk of chunks) res.write(chunk);
    res.end();
  }

  @Get(':id/claim')
  async claimState(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { claim: await this.claims.claimState(user, id) };
  }

  @Post(':id/claim/tax-form')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: TAX_FORM_UPLOAD_LIMIT, files: 1 } }))
  async taxForm(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ) {
    return { message: 'Tax form received', claim: await this.claims.uploadTaxForm(user, id, file?.buffer) };
  }

  @Post(':id/claim')
  @Authorize('sweepstakes-prize.claim')
  @HttpCode(200)
  async claim(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: ClaimDto) {
    return { message: 'Prize claimed. We will ship it soon.', claim: await this.claims.claim(user, id, body) };
  }
}
