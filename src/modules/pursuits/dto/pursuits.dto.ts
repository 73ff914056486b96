import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';

/** A pursuit's fields other than its title and target (required on create: declared in each subclass). */
class PursuitDetailsDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(2000, { message: 'The description may be at most 2,000 characters.' })
  description?: string;

  /** What is counted: "homes", "rooms", "videos"... */
  @MayBeOmitted()
  @IsString()
  @MaxLength(30, { message: 'The unit may be at most 30 characters.' })
  unit?: string;

  @MayBeOmitted()
  @IsInt({ message: 'Progress is a whole number.' })
  @Min(0, { message: 'Progress cannot be negative.' })
  @Max(1_000_000_000)
  progress?: number;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The due date is a date (YYYY-MM-DD).' })
  due_on?: string | null;

  /** Share with one of your teams (null: keep it private). */
  @IsOptional()
  @IsUUID('all', { message: 'Choose one of your teams.' })
  team_id?: string | null;
}

export class CreatePursuitDto extends PursuitDetailsDto {
  @IsString()
  @Length(3, 120, { message: 'The goal must be 3 to 120 characters.' })
  title!: string;

  @IsInt({ message: 'The target is a whole number.' })
  @Min(1, { message: 'The target is at least 1.' })
  @Max(1_000_000_000)
  target!: number;
}

export class UpdatePursuitDto extends PursuitDetailsDto {
  @MayBeOmitted()
  @IsString()
  @Length(3, 120, { message: 'The goal must be 3 to 120 characters.' })
  title?: string;

  @MayBeOmitted()
  @IsInt({ message: 'The target is a whole number.' })
  @Min(1, { message: 'The target is at least 1.' })
  @Max(1_000_000_000)
  target?: number;
}

export class MilestoneDto {
  @IsString()
  @Length(1, 120, { message: 'A milestone is 1 to 120 characters.' })
  title!: string;
}

export class UpdateMilestoneDto {
  @MayBeOmitted()
  @IsString()
  @Length(1, 120, { message: 'A milestone is 1 to 120 characters.' })
  title?: string;

  @MayBeOmitted()
  @IsBoolean({ message: 'done is true or false.' })
  done?: boolean;
}

export class PursuitListQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(['mine', 'team'], { message: 'The scope is mine or team.' })
  scope?: 'mine' | 'team';
}
