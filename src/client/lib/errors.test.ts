import { errorMessage, fieldErrorsOf } from './errors';
import { ApiError } from './http';

describe('errorMessage', () => {
  it("shows the server's message, else its error, else the fallback", () => {
    expect(errorMessage(new ApiError('x', 403, { message: 'Only the owner can do that.' }), 'F')).toBe(
      'Only the owner can do that.',
    );
    expect(errorMessage(new ApiError('x', 500, { error: 'Boom' }), 'F')).toBe('Boom');
    expect(errorMessage(new ApiError('Internal Server Error', 500, null), 'Could not save')).toBe('Could not save');
    expect(errorMessage(new ApiError('Request failed (502)', 502, '<html>'), 'Could not save')).toBe('Could not save');
  });

  it('says so when offline or rate limited without a message', () => {
    expect(errorMessage(new ApiError('Failed to fetch', 0, null), 'F')).toMatch(/offline/);
    expect(errorMessage(new ApiError('Too Many Requests', 429, null), 'F')).toMatch(/Too many attempts/);
    expect(errorMessage(new ApiError('x', 429, { message: 'Slow down' }), 'F')).toBe('Slow down');
  });

  it('uses a thrown error of our own as is, and the fallback for anything else', () => {
    expect(errorMessage(new Error('no property slug available'), 'F')).toBe('no property slug available');
    expect(errorMessage('nope', 'F')).toBe('F');
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});

describe('fieldErrorsOf', () => {
  it("keeps a 422's first message per field and ignores other failures", () => {
    const error = new ApiError('Invalid', 422, { errors: { name: ['Required', 'Too short'], price: 'Bad price' } });
    expect(fieldErrorsOf(error)).toEqual({ name: 'Required', price: 'Bad price' });
    expect(fieldErrorsOf(new ApiError('x', 403, { errors: { name: ['x'] } }))).toEqual({});
  });
});
