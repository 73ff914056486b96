import { registerDecorator, ValidationOptions } from 'class-validator';

/** Names that would collide with routes or impersonate staff. */
export const RESERVED_HANDLES = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'broadcasting',
  'chats',
  'dashboard',
  'designer',
  'dev',
  'email',
  'feed',
  'help',
  'install',
  'legal',
  'listings',
  'login',
  'logout',
  'market',
  'me',
  'media',
  'notifications',
  'password',
  'profile',
  'register',
  'reelty',
  'root',
  'settings',
  'signup',
  'staff',
  'support',
  'system',
  'user',
  'users',
  'webhooks',
  'www',
  'two-factor-challenge',
  'reset-password',
  'forgot-password',
  'health',
  'assets',
  'static',
  'null',
  'undefined',
]);

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;

/** What is wrong with a handle's form (not whether it is taken), or null. */
export function handleProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'Choose a handle.';
  if (value.length < HANDLE_MIN || value.length > HANDLE_MAX)
    return `The handle must be between ${HANDLE_MIN} and ${HANDLE_MAX} characters.`;
  if (!/^[a-z0-9_.]+$/.test(value))
    return 'The handle may only contain lowercase letters, digits, underscores and dots.';
  if (/^[0-9]/.test(value)) return 'The handle may not start with a digit.';
  if (RESERVED_HANDLES.has(value)) return 'This handle is reserved. Please choose another.';
  return null;
}

/** class-validator rule for the handle's form. */
export function IsHandle(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isHandle',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => handleProblem(value) === null,
        defaultMessage: (args) => handleProblem(args?.value) ?? 'The handle is invalid.',
      },
    });
}
