import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public, Roles } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { DirectoryService } from './directory.service';
import {
  DirectoryQueryDto,
  OfferingDto,
  ProviderProfileDto,
  UpdateOfferingDto,
  VerifyProviderDto,
} from './dto/directory.dto';

/** The service-provider directory's JSON API: industries, providers, offerings, a provider's own profile. */
@Controller('api')
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryService,
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

  /** An admin checked the provider's licence (or takes the badge back). */
  @Post('service-providers/:id/verify')
  @Roles('admin')
  @HttpCode(200)
  async verify(@Param('id', UuidPipe) id: string, @Body() body: VerifyProviderDto) {
    const provider = await this.directory.verify(id, body.verified);
    return { message: body.verified ? 'Verified' : 'Badge removed', provider };
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
  async updateOffering(@Param('id', UuidPipe) id: string, @Body() body: UpdateOfferingDto, @CurrentUser() user: User) {
    return { message: 'Offering saved', offering: await this.directory.updateOffering(user, id, body) };
  }

  @Delete('offerings/:id')
  async removeOffering(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.directory.removeOffering(user, id);
    return { message: 'Offering removed' };
  }
}
