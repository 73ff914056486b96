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
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { DirectoryReviewsService } from './directory-reviews.service';
import { DirectoryService, LICENCE_MAX_BYTES } from './directory.service';
import { DirectoryQueryDto, OfferingDto, ProviderProfileDto, ReviewDto, UpdateOfferingDto } from './dto/directory.dto';
import { Authorize } from '../policies';

/** The service-provider directory's JSON API: industries, providers, offerings, a provider's own profile. */
@Controller('api')
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly reviews: DirectoryReviewsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('industries')
  @Public()
  async industries() {
    return { data: await this.directory.industries() };
  }

  /** Providers by words, industry (slug) and city; verified first. */
  @Get('service-providers')
  @Public()
  providers(@Query() q: DirectoryQueryDto) {
    return this.directory.providers(q);
  }

  @Get('service-providers/:id')
  @Public()
  async provider(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { provider: await this.directory.provider(id, viewer) };
  }

  /** A provider's reviews, newest first. */
  @Get('service-providers/:id/reviews')
  @Public()
  reviewPage(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto) {
    const { page, perPage } = q.window(20);
    return this.reviews.page(id, page, perPage);
  }

  /** Writes (or edits) the caller's one review: allowed after they have messaged the provider in a chat. */
  @Put('service-providers/:id/review')
  async review(@Param('id', UuidPipe) id: string, @Body() body: ReviewDto, @CurrentUser() user: User) {
    await this.limiter.hit(`provider-review:${user.id}`, 20, 3600);
    return { message: 'Review saved', review: await this.reviews.save(user, id, body.rating, body.body_html) };
  }

  @Delete('service-providers/:id/review')
  async removeReview(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.reviews.remove(user, id);
    return { message: 'Review deleted' };
  }

  /** The provider's licence document (PDF, JPEG or PNG, at most 10 MB), for an admin to verify. */
  @Post('service-profile/licence')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('document', { limits: { fileSize: LICENCE_MAX_BYTES, files: 1 } }))
  async licence(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentUser() user: User) {
    await this.limiter.hit(`provider-licence:${user.id}`, 10, 3600);
    return { message: 'Licence uploaded', provider: await this.directory.uploadLicence(user, file?.buffer) };
  }

  /** The caller's own provider profile (null before they claim one). */
  @Get('service-profile')
  async mine(@CurrentUser() user: User) {
    return { provider: await this.directory.mine(user) };
  }

  @Put('service-profile')
  async save(@Body() body: ProviderProfileDto, @CurrentUser() user: User) {
    await this.limiter.hit(`provider-profile:${user.id}`, 30, 3600);
    return { message: 'Profile saved', provider: await this.directory.saveProfile(user, body) };
  }

  @Post('service-profile/offerings')
  @HttpCode(201)
  async addOffering(@Body() body: OfferingDto, @CurrentUser() user: User) {
    await this.limiter.hit(`provider-offering:${user.id}`, 60, 3600);
    return { message: 'Offering added', offering: await this.directory.addOffering(user, body) };
  }

  @Get('offerings')
  @Public()
  offerings(@Query() q: DirectoryQueryDto) {
    return this.directory.offerings(q);
  }

  @Patch('offerings/:id')
  @Authorize('offering.change')
  async updateOffering(@Param('id', UuidPipe) id: string, @Body() body: UpdateOfferingDto, @CurrentUser() user: User) {
    return { message: 'Offering saved', offering: await this.directory.updateOffering(user, id, body) };
  }

  @Delete('offerings/:id')
  async removeOffering(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.directory.removeOffering(user, id);
    return { message: 'Offering removed' };
  }
}
