import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsString,
  IsUUID,
  ValidateIf,
} from 'class-validator';
import { FilledText, Text, Trim } from '../../../common/dto-fields';
import { USER_BULK_ACTIONS, USER_BULK_LIMIT, type UserBulkAction } from '../../../contracts/admin';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import { USER_TYPES, type UserRole, type UserType } from '../../users';

export const ADMIN_ROLES: readonly UserRole[] = ['user', 'admin'];

/** Filters of the audit trail; dates are ISO days or instants (`to` is exclusive). */
export class AuditQueryDto extends PageQueryDto {
  @MayBeOmitted() @Text(64) action?: string;
  @MayBeOmitted() @IsUUID('all', { message: 'The actor must be a user id.' }) actor?: string;
  @MayBeOmitted() @Text(32) subject_type?: string;
  @MayBeOmitted() @Text(64) subject_id?: string;
  @MayBeOmitted() @IsISO8601({}, { message: 'From must be a date.' }) from?: string;
  @MayBeOmitted() @IsISO8601({}, { message: 'To must be a date.' }) to?: string;
}

/** The users list's search text (email, handle or name, any part). */
export class AdminUsersQueryDto extends PageQueryDto {
  @MayBeOmitted() @Trim() @Text(120) q?: string;
}

/** Change a user's type and/or role. */
export class ChangeUserRoleDto {
  @MayBeOmitted() @IsIn(USER_TYPES, { message: `The type must be one of: ${USER_TYPES.join(', ')}.` }) type?: UserType;
  @MayBeOmitted() @IsIn(ADMIN_ROLES, { message: 'The role must be user or admin.' }) role?: UserRole;
}

export class SuspendUserDto {
  @Trim()
  @FilledText(500, 'Say why the account is suspended.')
  reason!: string;
}

/**
 * One action on many users: the chosen ids, or every user matching a search (`match`, as the Users list searches).
 * Suspending needs a reason, as it does for one user.
 */
export class UserBulkActionDto {
  @IsIn(USER_BULK_ACTIONS, { message: `The action must be one of: ${USER_BULK_ACTIONS.join(', ')}.` })
  action!: UserBulkAction;

  @ValidateIf((o: UserBulkActionDto) => o.match === undefined)
  @IsArray({ message: 'Choose the users.' })
  @ArrayMinSize(1, { message: 'Choose at least one user.' })
  @ArrayMaxSize(USER_BULK_LIMIT, { message: `At most ${USER_BULK_LIMIT} users at once.` })
  @ArrayUnique({ message: 'Each user once.' })
  @IsUUID('all', { each: true, message: 'Choose users from the list.' })
  user_ids?: string[];

  @MayBeOmitted() @Trim() @Text(120) match?: string;

  @ValidateIf((o: UserBulkActionDto) => o.action === 'suspend')
  @Trim()
  @FilledText(500, 'Say why the accounts are suspended.')
  reason?: string;
}

/** Deletion is typed out: the user's current email address, so the wrong account is never removed by a slip. */
export class DeleteUserDto {
  @Trim() @IsString() @IsNotEmpty({ message: "Type the user's email address to confirm." }) confirm!: string;
}

export const METRICS_PERIODS = ['day', 'week', 'month'] as const;

/** The Metrics page's grouping; anything else shows days. */
export class MetricsQueryDto {
  @MayBeOmitted() @Text(8) period?: string;

  currentPeriod(): (typeof METRICS_PERIODS)[number] {
    return (METRICS_PERIODS as readonly string[]).includes(this.period ?? '')
      ? (this.period as (typeof METRICS_PERIODS)[number])
      : 'day';
  }
}
