// Bench-only wiring (never part of the app): a sign-in shortcut so 1,000 voters need no password hashing, and a
// no-database broadcast to a battle's channel as the baseline of the vote-to-broadcast latency.
import { Controller, HttpCode, Module, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../../src/modules/auth';
import { AuthModule } from '../../src/modules/auth/auth.module';
import { SessionAuthService } from '../../src/modules/auth/services/session-auth.service';
import { Broadcaster } from '../../src/modules/realtime';
import { UsersService } from '../../src/modules/users';

@Controller('bench/arena')
class BenchArenaController {
  constructor(
    private readonly sessions: SessionAuthService,
    private readonly users: UsersService,
    private readonly broadcaster: Broadcaster,
  ) {}

  @Post('login/:id')
  @Public()
  @HttpCode(200)
  async login(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const [user] = await this.users.findByIds([id]);
    await this.sessions.login(req, res, user);
    return { ok: true };
  }

  @Post('ping/:battle/:seq')
  @Public()
  @HttpCode(200)
  async ping(@Param('battle') battle: string, @Param('seq') seq: string) {
    await this.broadcaster.broadcast(`presence-arena.battle.${battle}`, 'bench.ping', { seq: Number(seq) });
    return { seq: Number(seq) };
  }
}

@Module({ imports: [AuthModule], controllers: [BenchArenaController] })
export class BenchArenaModule {}
