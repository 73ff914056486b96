import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { ConfirmTourDto, DeclineTourDto, ProposeTourDto, RequestTourDto, ToursPageQueryDto } from './dto/tours.dto';
import { ToursService } from './tours.service';
import { Authorize } from '../policies';

@Controller()
export class ToursController {
  constructor(
    private readonly tours: ToursService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Tours/Index: the signed-in user's tour requests, as buyer or as realtor. */
  @Get('tours')
  async index(@Query() q: ToursPageQueryDto, @CurrentUser() user: User) {
    const side = q.currentSide(user.type);
    const { page, perPage } = q.window(20);
    return Inertia.render('Tours/Index', { side, tours: await this.tours.page(user, side, page, perPage) });
  }

  @Get('api/tours')
  list(@Query() q: ToursPageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.tours.page(user, q.currentSide(user.type), page, perPage);
  }

  /** A buyer asks the listing's realtor for a tour at one to three times. */
  @Post('api/tours')
  @HttpCode(201)
  async request(@Body() body: RequestTourDto, @CurrentUser() user: User) {
    await this.limiter.hit(`tour-request:${user.id}`, 20, 3600);
    return { message: 'Tour requested', tour: await this.tours.request(user, body) };
  }

  @Get('api/tours/:id')
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { tour: await this.tours.find(user, id) };
  }

  /** The side the request waits for accepts one of the offered times. */
  @Post('api/tours/:id/confirm')
  @Authorize('tour.answer')
  @HttpCode(200)
  async confirm(@Param('id', UuidPipe) id: string, @Body() body: ConfirmTourDto, @CurrentUser() user: User) {
    return { message: 'Tour confirmed', tour: await this.tours.confirm(user, id, body.time) };
  }

  /** Offers other times (also reschedules a confirmed tour). */
  @Post('api/tours/:id/propose')
  @Authorize('tour.answer')
  @HttpCode(200)
  async propose(@Param('id', UuidPipe) id: string, @Body() body: ProposeTourDto, @CurrentUser() user: User) {
    return { message: 'New time proposed', tour: await this.tours.propose(user, id, body.times) };
  }

  @Post('api/tours/:id/decline')
  @Authorize('tour.answer')
  @HttpCode(200)
  async decline(@Param('id', UuidPipe) id: string, @Body() body: DeclineTourDto, @CurrentUser() user: User) {
    return { message: 'Tour declined', tour: await this.tours.decline(user, id, body.reason) };
  }

  @Post('api/tours/:id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Tour cancelled', tour: await this.tours.cancel(user, id) };
  }

  /** The tour as an iCalendar file (UTC times, a UID that never changes, SEQUENCE raised on each move). */
  @Get('api/tours/:id/calendar')
  async calendar(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Res() res: Response) {
    const file = await this.tours.calendar(user, id);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8; method=REQUEST');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.send(file.body);
  }
}
