import { MayBeOmitted } from '../../../common/validation';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { IntBetween, Text, Trim } from '../../../common/dto-fields';
import type { TeamRole, TeamType } from '../../../contracts/teams';
import { PageQueryDto } from '../../../common/page-query.dto';
import { IsHandle } from '../../users';
import { ASSIGNABLE_ROLES, TEAM_TYPES } from '../team-roles';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Largest budget or cap: one million dollars a month, in micro-dollars. */
const MAX_MICRO = 1_000_000_000_000;

export class CreateTeamDto {
  @Trim()
  @IsString({ message: 'Give the team a name.' })
  @MinLength(2, { message: 'The name must be at least 2 characters.' })
  @MaxLength(80, { message: 'The name may be at most 80 characters.' })
  name!: string;

  @Transform(lower)
  @IsHandle()
  handle!: string;

  @IsIn(TEAM_TYPES, { message: `Choose a type: ${TEAM_TYPES.join(', ')}.` })
  type!: TeamType;
}

export class UpdateTeamDto {
  @MayBeOmitted()
  @Trim()
  @IsString()
  @MinLength(2, { message: 'The name must be at least 2 characters.' })
  @MaxLength(80, { message: 'The name may be at most 80 characters.' })
  name?: string;

  @MayBeOmitted()
  @Transform(lower)
  @IsHandle()
  handle?: string;

  @MayBeOmitted()
  @IsIn(TEAM_TYPES, { message: `Choose a type: ${TEAM_TYPES.join(', ')}.` })
  type?: TeamType;

  /** Monthly LLM budget in micro-dollars; null removes the limit. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IntBetween(0, MAX_MICRO, { notInt: 'The budget must be a whole number of micro-dollars.' })
  monthly_budget_micro?: number | null;
}

export class CheckTeamHandleDto {
  @Transform(lower)
  @IsHandle()
  handle!: string;

  @IsOptional()
  @IsUUID('all', { message: 'Unknown team.' })
  team_id?: string;
}

export class PasswordDto {
  @IsString({ message: 'Enter your password.' })
  @MinLength(1, { message: 'Enter your password.' })
  @MaxLength(200)
  password!: string;
}

export class SwitchTeamDto {
  @IsUUID('all', { message: 'Choose a team.' })
  team_id!: string;
}

export class ChangeRoleDto {
  @IsIn(ASSIGNABLE_ROLES, { message: `Choose a role: ${ASSIGNABLE_ROLES.join(', ')}.` })
  role!: TeamRole;
}

export class MemberCapDto {
  @ValidateIf((_, v) => v !== null)
  @IntBetween(0, MAX_MICRO, { notInt: 'The cap must be a whole number of micro-dollars.' })
  llm_cap_micro!: number | null;
}

export class TransferDto extends PasswordDto {
  @IsUUID('all', { message: 'Choose an administrator.' })
  user_id!: string;
}

export class InviteDto {
  @Transform(lower)
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(255)
  email!: string;

  @IsIn(ASSIGNABLE_ROLES, { message: `Choose a role: ${ASSIGNABLE_ROLES.join(', ')}.` })
  role!: TeamRole;
}

export class AcceptLinkQueryDto {
  @IsString({ message: 'The invitation link is incomplete.' })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'The invitation link is invalid.' })
  token!: string;
}

export class JoinRequestDto {
  @Transform(lower)
  @IsString({ message: 'Enter the team handle.' })
  @MaxLength(30)
  handle!: string;

  @IsOptional()
  @Trim()
  @Text(500, 'The message may be at most 500 characters.')
  message?: string;
}

export class DecideRequestDto {
  @IsOptional()
  @IsIn(ASSIGNABLE_ROLES, { message: `Choose a role: ${ASSIGNABLE_ROLES.join(', ')}.` })
  role?: TeamRole;
}

export class DomainDto {
  @Transform(lower)
  @IsString({ message: 'Enter a domain.' })
  @MaxLength(253)
  @Matches(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'Enter a domain like example.com.',
  })
  domain!: string;
}

export class UsageQueryDto {
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'The month must look like 2026-11.' })
  month?: string;
}

export class TeamListQueryDto extends PageQueryDto {}
