import { router } from '@inertiajs/react';
import { actThenReload } from './actions';
import { ApiError } from './http';
import { notify } from './toast';

jest.mock('@inertiajs/react', () => ({ router: { reload: jest.fn() } }));
jest.mock('./toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

describe('actThenReload', () => {
  beforeEach(() => jest.clearAllMocks());

  it("toasts the server's message and reloads the page after a success", async () => {
    await expect(actThenReload(async () => ({ message: 'Joined the society.' }))).resolves.toEqual({
      message: 'Joined the society.',
    });
    expect(notify.success).toHaveBeenCalledWith('Joined the society.');
    expect(router.reload).toHaveBeenCalledTimes(1);
  });

  it('prefers its own success text, and stays quiet when there is none', async () => {
    await actThenReload(async () => ({ message: 'from server' }), 'F', 'Approved');
    expect(notify.success).toHaveBeenCalledWith('Approved');
    await actThenReload(async () => undefined);
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(router.reload).toHaveBeenCalledTimes(2);
  });

  it("toasts the failure's message, else the fallback, and does not reload", async () => {
    const refused = new ApiError('Forbidden', 403, { message: 'Only the owner can do that.' });
    await expect(actThenReload(() => Promise.reject(refused), 'Could not leave')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith('Only the owner can do that.');
    await actThenReload(() => Promise.reject(new ApiError('x', 500, null)), 'Could not leave');
    expect(notify.error).toHaveBeenLastCalledWith('Could not leave');
    expect(router.reload).not.toHaveBeenCalled();
  });
});
