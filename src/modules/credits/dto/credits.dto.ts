import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';

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

/** Admin/Credits `?q=`: an email or name fragment (trimmed, at most 100 characters are used). */
export class CreditUserSearchDto {
  @IsOptional() @IsString() q?: string;

  search(): string {
    return (this.q ?? '').trim().slice(0, 100);
  }
}

export class CreditHistoryQueryDto extends PageQueryDto {}
