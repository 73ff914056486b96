import { HttpException, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out but is never null: unlike `@IsOptional()` (which skips validation for
 * null too, so a null reaches code that expects a value), null is validated and refused with 422.
 */
export const MayBeOmitted = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** 422 with a field-by-field errors object, as Laravel answers and Inertia forms read. */
export class ValidationFailedException extends HttpException {
  constructor(
    readonly errors: Record<string, string[]>,
    message = firstMessage(errors) ?? 'The given data was invalid.',
  ) {
    super({ statusCode: 422, message, errors }, HttpStatus.UNPROCESSABLE_ENTITY);
  }

  static of(field: string, message: string): ValidationFailedException {
    return new ValidationFailedException({ [field]: [message] });
  }
}

function firstMessage(errors: Record<string, string[]>): string | undefined {
  return Object.values(errors)[0]?.[0];
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) result[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(result, flattenValidationErrors(error.children, path));
  }
  return result;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidUnknownValues: false,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
