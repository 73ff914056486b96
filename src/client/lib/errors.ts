import { ApiError } from './http';

const OFFLINE = 'You appear to be offline. Check your connection and try again.';
const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** The message the server put in a failure's body (`message`, else `error`), if any. */
function serverMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { message, error } = data as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  if (typeof error === 'string' && error) return error;
  return null;
}

/**
 * The one message to show a person for any failure: the server's own message when it sent one, else `fallback`
 * (never a bare status text such as "Internal Server Error"); a dropped connection says so.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return OFFLINE;
    return serverMessage(error.data) ?? (error.status === 429 ? TOO_MANY : fallback);
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
