import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

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

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
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
