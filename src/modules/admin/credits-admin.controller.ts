import { Body, Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Roles, CurrentUser } from '../auth/auth.decorators';
import { CreditsService } from '../credits/credits.service';
import { Inertia } from '../inertia/inertia';
import type { User } from '../users/user.entity';

export class GrantCreditsDto {
  /** The user's email address or id. */
  @IsString() @IsNotEmpty({ message: 'Enter the user’s email address.' }) @MaxLength(254) user!: string;
  @Type(() => Number)
  @IsInt({ message: 'The amount must be a whole number.' })
  @Min(1, { message: 'Grant at least 1 credit.' })
  @Max(10_000, { message: 'Grant at most 10,000 credits at once.' })
  amount!: number;
  @IsString() @IsNotEmpty({ message: 'Say why these credits are granted.' }) @MaxLength(150) reason!: string;
}

/** Admin Credits: look a user up, grant credits, see the latest ledger rows. */
@Controller()
@Roles('admin')
export class CreditsAdminController {
  constructor(
    private readonly credits: CreditsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get('admin/credits')
  async page(@Query('q') q?: string) {
    const search = (q ?? '').trim().slice(0, 100);
    const users: Array<{ id: string; name: string; email: string; image_credits: number }> = search
      ? await this.db.query(
          `SELECT id, name, email, image_credits FROM users WHERE email ILIKE $1 OR name ILIKE $1 ORDER BY email LIMIT 20`,
          [`%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`],
        )
      : [];
    const recent = await this.credits.recent(50);
    return Inertia.render('Admin/Credits', {
      q: search,
      users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, credits: u.image_credits })),
      recent: recent.map((r) => ({
        id: r.id,
        user: { id: r.userId, name: r.userName, email: r.userEmail },
        kind: r.kind,
        amount: r.amount,
        balance_after: r.balanceAfter,
        reason: r.reason,
        created_at: new Date(r.createdAt).toISOString(),
      })),
    });
  }

  @Post('api/admin/credits/grant')
  @HttpCode(200)
  async grant(@Body() body: GrantCreditsDto, @CurrentUser() admin: User) {
    const key = body.user.trim();
    const rows: Array<{ id: string; email: string }> = await this.db.query(
      `SELECT id, email FROM users WHERE lower(email) = lower($1) OR id::text = $1 LIMIT 1`,
      [key],
    );
    if (!rows.length) throw new NotFoundException('There is no user with that email address.');
    const row = await this.credits.grant(rows[0].id, body.amount, `${body.reason.trim()} (granted by ${admin.email})`);
    const message = `Granted ${body.amount} credit${body.amount === 1 ? '' : 's'} to ${rows[0].email}.`;
    return { message, user_id: rows[0].id, credits: row.balanceAfter };
  }
}
