import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsString,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';

/** The value must equal another field's (password confirmation). */
export function SameAs(field: string, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'sameAs',
      target: object.constructor,
      propertyName,
      constraints: [field],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[field],
        defaultMessage: () => 'The password confirmation does not match.',
      },
    });
}

export const lowerTrim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
export const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === ''
    ? undefined
    : typeof value === 'string'
      ? value.trim().toLowerCase()
      : value;
export const toBool = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === 'on' || value === '1' || value === 1;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

// applyDecorators applies in list order, the reverse of stacked decorators: these lists read bottom-up, so the
// checks register (and their messages list) as they did when stacked on each field.

/** An account's email address: trimmed and lower-cased, a valid address of at most 254 characters. */
export const AccountEmail = () =>
  applyDecorators(MaxLength(254), IsEmail({}, { message: 'Enter a valid email address.' }), Transform(lowerTrim));

/** A password being chosen (sign-up, reset): PASSWORD_MIN to PASSWORD_MAX characters. */
export const NewPassword = () =>
  applyDecorators(
    MaxLength(PASSWORD_MAX),
    MinLength(PASSWORD_MIN, { message: `The password must be at least ${PASSWORD_MIN} characters.` }),
    IsString(),
  );
