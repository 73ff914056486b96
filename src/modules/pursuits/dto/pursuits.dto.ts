import { IsBoolean, IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import { IntBetween, Text, TextBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';

/** A pursuit's fields other than its title and target (required on create: declared in each subclass). */
class PursuitDetailsDto {
  @MayBeOmitted()
  @Text(2000, 'The description may be at most 2,000 characters.')
  description?: string;

  /** What is counted: "homes", "rooms", "videos"... */
  @MayBeOmitted()
  @Text(30, 'The unit may be at most 30 characters.')
  unit?: string;

  @MayBeOmitted()
  @IntBetween(0, 1_000_000_000, { notInt: 'Progress is a whole number.', below: 'Progress cannot be negative.' })
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
  @TextBetween(3, 120, 'The goal must be 3 to 120 characters.')
  title!: string;

  @IntBetween(1, 1_000_000_000, { notInt: 'The target is a whole number.', below: 'The target is at least 1.' })
  target!: number;
}

export class UpdatePursuitDto extends PursuitDetailsDto {
  @MayBeOmitted()
  @TextBetween(3, 120, 'The goal must be 3 to 120 characters.')
  title?: string;

  @MayBeOmitted()
  @IntBetween(1, 1_000_000_000, { notInt: 'The target is a whole number.', below: 'The target is at least 1.' })
  target?: number;
}

export class MilestoneDto {
  @TextBetween(1, 120, 'A milestone is 1 to 120 characters.')
  title!: string;
}

export class UpdateMilestoneDto {
  @MayBeOmitted()
  @TextBetween(1, 120, 'A milestone is 1 to 120 characters.')
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
