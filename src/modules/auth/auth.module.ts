import { Module, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { InertiaService } from '../inertia/inertia.service';
import { toAuthUser } from '../users/user.entity';
import { UsersModule } from '../users/users.module';

@Module({
  imports: [UsersModule],
  providers: [],
  exports: [UsersModule],
})
export class AuthModule implements OnModuleInit {
  constructor(private readonly inertia: InertiaService) {}

  onModuleInit(): void {
    // The guard has loaded req.user already on authenticated routes; public pages read the session.
    this.inertia.share('auth', (req: Request) => ({ user: req.user ? toAuthUser(req.user) : null }));
    this.inertia.share('csrfToken', (req: Request) => req.session?.csrfToken ?? '');
  }
}
