import { ApiError } from './http';

/** The message to show a person for any failure: the server's own message when it sent one, else `fallback`. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'You appear to be offline. Check your connection and try again.';
    if (error.status === 429) return error.message || 'Too many attempts. Please wait a moment and try again.';
    return error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A 422's field errors as one message per field (the first), the shape forms display. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? (messages[0] ?? '') : messages,
    ]),
  );
}
