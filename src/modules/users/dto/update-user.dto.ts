import { Transform } from 'class-transformer';
import { MayBeOmitted } from '../../../common/validation';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, registerDecorator } from 'class-validator';
import { Text, Trim } from '../../../common/dto-fields';
import { IsHandle } from '../handle';
import { isTimeZone } from '../timezones';
import { USER_TYPES, UserType } from '../user.entity';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export function IsTimeZone() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: object.constructor,
      propertyName,
      validator: { validate: (value: unknown) => isTimeZone(value), defaultMessage: () => 'Choose a valid time zone.' },
    });
}

/** POST /api/user/{id}/update: every field optional; fields left out are not changed. */
export class UpdateUserDto {
  @IsOptional()
  @Trim()
  @IsString()
  @MinLength(1, { message: 'The name may not be empty.' })
  @MaxLength(120)
  name?: string;
  @IsOptional() @Transform(lower) @IsHandle() handle?: string;
  @IsOptional() @Text(1000, 'The bio may not be longer than 1000 characters.') bio?: string | null;
  @IsOptional() @IsTimeZone() timezone?: string;
  @MayBeOmitted()
  @IsIn(USER_TYPES.filter((t) => t !== 'team_member'), { message: 'Choose a valid account type.' })
  type?: UserType;
}

export class CheckHandleDto {
  @Transform(lower) @IsHandle() handle!: string;
}
