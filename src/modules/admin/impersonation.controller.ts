import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { ImpersonationService } from './impersonation.service';

/** The banner's one click: open to the impersonated (non-admin) session, checked against the session's admin. */
@Controller()
export class ImpersonationController {
  constructor(private readonly impersonation: ImpersonationService) {}

  /** Ends impersonation and signs the admin back in. */
  @Post('api/impersonation/end')
  @HttpCode(200)
  end(
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ redirect: string }> {
    return this.impersonation.end(user, req, res);
  }
}
