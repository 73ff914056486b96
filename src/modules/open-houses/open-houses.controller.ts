import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../common/flash';
import { UuidPipe } from '../../common/uuid.pipe';
import { clientIp, CurrentUser, Public, redirectTo } from '../auth';
import { Inertia } from '../inertia';
import { ListingsService } from '../listings';
import { PropertiesService } from '../properties';
import type { User } from '../users';
import { CreateOpenHouseDto, RsvpDto, RsvpPageDto, SurveyDto } from './dto/open-house.dto';
import { OpenHousesService } from './open-houses.service';
import { Authorize } from '../policies';

@Controller()
export class OpenHousesController {
  constructor(
    private readonly openHouses: OpenHousesService,
    private readonly listings: ListingsService,
    private readonly properties: PropertiesService,
  ) {}

  // ---- API --------------------------------------------------------------------

  @Get('api/listings/:id/open-houses')
  @Public()
  async list(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { open_houses: await this.openHouses.forListing(id, viewer) };
  }

  @Post('api/listings/:id/open-houses')
  @Authorize('open-house.host')
  @HttpCode(201)
  async create(@Param('id', UuidPipe) id: string, @Body() body: CreateOpenHouseDto, @CurrentUser() user: User) {
    return { message: 'Open house scheduled', open_house: await this.openHouses.create(id, user, body) };
  }

  @Get('api/open-houses/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const { house } = await this.openHouses.getVisible(id, viewer);
    return { open_house: await this.openHouses.one(house) };
  }

  @Delete('api/open-houses/:id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.openHouses.delete(id, user);
    return { message: 'Open house removed' };
  }

  @Get('api/open-houses/:id/rsvps')
  async rsvps(@Param('id', UuidPipe) id: string, @Query() q: RsvpPageDto, @CurrentUser() user: User) {
    return this.openHouses.rsvpList(id, user, q.page ?? 1, q.per_page ?? 50);
  }

  @Post('api/open-houses/:id/rsvp')
  @Public()
  @HttpCode(201)
  async rsvp(
    @Param('id', UuidPipe) id: string,
    @Body() body: RsvpDto,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
  ) {
    const result = await this.openHouses.rsvp(id, body, viewer, clientIp(req));
    const message = result.rsvp.confirmed
      ? 'You are registered'
      : 'Almost there: confirm your registration with the link we emailed you.';
    return { message, ...result };
  }

  @Delete('api/open-houses/:id/rsvps/:rsvpId')
  async removeRsvp(
    @Param('id', UuidPipe) id: string,
    @Param('rsvpId', UuidPipe) rsvpId: string,
    @CurrentUser() user: User,
  ) {
    await this.openHouses.removeRsvp(id, rsvpId, user);
    return { message: 'Registration removed' };
  }

  @Post('api/open-houses/rsvp/:token/cancel')
  @Public()
  @HttpCode(200)
  async cancel(@Param('token') token: string) {
    await this.openHouses.cancel(token);
    return { message: 'Registration cancelled', redirect: `/open-houses/rsvp/${token}/cancelled` };
  }

  @Post('api/open-houses/rsvp/:token/survey')
  @Public()
  @HttpCode(200)
  async survey(@Param('token') token: string, @Body() body: SurveyDto) {
    await this.openHouses.survey(token, body);
    return { message: 'Thank you for your feedback' };
  }

  // ---- pages ------------------------------------------------------------------

  private async pageProps(id: string, viewer: User | undefined) {
    const { house, listing, property } = await this.openHouses.getVisible(id, viewer);
    const [openHouse, summary, photos] = await Promise.all([
      this.openHouses.one(house),
      this.properties.summaries([property]),
      this.properties.photos(property),
    ]);
    return {
      openHouse,
      listingId: listing.id,
      property: { ...summary[0], description: property.description },
      photos: photos.slice(0, 6),
    };
  }

  @Get('open-houses/:id')
  @Public()
  async landing(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('OpenHouse/Landing', await this.pageProps(id, viewer));
  }

  @Get('open-houses/:id/register')
  @Public()
  async register(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('OpenHouse/Register', {
      ...(await this.pageProps(id, viewer)),
      prefill: viewer ? { name: viewer.name, email: viewer.email } : null,
    });
  }

  /** The link from the confirmation mail. */
  @Get('open-houses/rsvp/confirm/:token')
  @Public()
  async confirmRsvp(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const house = await this.openHouses.confirm(token);
    flash(req, 'success', 'Your registration is confirmed. See you there!');
    await redirectTo(req, res, `/open-houses/${house.id}`);
  }

  @Get('open-houses/rsvp/:token/survey')
  @Public()
  async surveyPage(@Param('token') token: string) {
    const { rsvp, house, property } = await this.openHouses.byToken(token);
    return Inertia.render('OpenHouse/Survey', {
      token,
      name: rsvp.name,
      cancelled: !!rsvp.cancelledAt,
      submitted: !!rsvp.surveyedAt,
      openHouse: await this.openHouses.one(house),
      property: { name: property.name, slug: property.slug, full_address: property.fullAddress },
    });
  }

  @Get('open-houses/rsvp/:token/cancelled')
  @Public()
  async cancelled(@Param('token') token: string) {
    const { rsvp, house, property } = await this.openHouses.byToken(token);
    return Inertia.render('OpenHouse/CancellationSuccess', {
      cancelled: !!rsvp.cancelledAt,
      openHouse: await this.openHouses.one(house),
      property: { name: property.name, slug: property.slug },
    });
  }

  /** The realtor's view: schedule open houses and see who registered. */
  @Get('listing/:id/open-houses')
  async manage(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const { listing, property } = await this.listings.getEditable(id, user);
    return Inertia.render('OpenHouse/Manage', {
      listing: await this.listings.one(listing, property),
      openHouses: await this.openHouses.forListing(listing.id, user),
    });
  }
}
