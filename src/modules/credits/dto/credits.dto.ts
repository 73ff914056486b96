import { Type } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { FilledText, IntBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';

export class GrantCreditsDto {
  /** The user's email address or id. */
  @FilledText(254, 'Enter the user’s email address.') user!: string;
  @Type(() => Number)
  @IntBetween(1, 10_000, {
    notInt: 'The amount must be a whole number.',
    below: 'Grant at least 1 credit.',
    above: 'Grant at most 10,000 credits at once.',
  })
  amount!: number;
  @FilledText(150, 'Say why these credits are granted.') reason!: string;
}

/** Admin/Credits `?q=`: an email or name fragment (trimmed, at most 100 characters are used). */
export class CreditUserSearchDto {
  @IsOptional() @IsString() q?: string;

  search(): string {
    return (this.q ?? '').trim().slice(0, 100);
  }
}

export class CreditHistoryQueryDto extends PageQueryDto {}
