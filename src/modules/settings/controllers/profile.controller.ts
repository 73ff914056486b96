import { Body, Controller, Delete, Get, Post, Put, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { ProfileDto } from '../dto/settings.dto';
import { ProfileService } from '../profile.service';
import { AVATAR_MAX_BYTES, AvatarService } from '../avatar.service';
import { avatarUrl } from '../../users';

@Controller('settings')
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly avatars: AvatarService,
  ) {}

  @Get()
  async index(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await redirectTo(req, res, '/settings/profile');
  }

  @Get('profile')
  show(@CurrentUser() user: User) {
    return Inertia.render('Settings/Profile', {
      profile: {
        id: user.id,
        name: user.name,
        email: user.email,
        handle: user.handle,
        bio: user.bio,
        emailVerified: !!user.emailVerifiedAt,
        avatarUrl: avatarUrl(user),
      },
    });
  }

  @Put('profile')
  async update(
    @Body() body: ProfileDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { emailChanged } = await this.profiles.update(user, body);
    flash(
      req,
      'success',
      emailChanged ? 'Profile saved. Check your inbox to verify your new email address.' : 'Profile saved.',
    );
    await redirectTo(req, res, '/settings/profile');
  }

  /** Multipart field `avatar` (JPEG, PNG or WebP up to 5 MB). */
  @Post('profile/avatar')
  @UseInterceptors(FileInterceptor('avatar', { limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 5 } }))
  async uploadAvatar(
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.avatars.replace(user, file?.buffer);
    flash(req, 'success', 'Profile picture updated.');
    await redirectTo(req, res, '/settings/profile');
  }

  @Delete('profile/avatar')
  async removeAvatar(@CurrentUser() user: User, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.avatars.remove(user);
    flash(req, 'success', 'Profile picture removed.');
    await redirectTo(req, res, '/settings/profile');
  }
}
