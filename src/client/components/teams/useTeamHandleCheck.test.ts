import { act, renderHook, waitFor } from '@testing-library/react';
import { jsonResponse } from '@/test-utils';
import { useTeamHandleCheck } from './useTeamHandleCheck';

describe('useTeamHandleCheck', () => {
  it('drops the answer for a handle the realtor already typed past', async () => {
    const answers: Array<(response: Response) => void> = [];
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
    global.fetch = fetchMock as unknown as typeof fetch;
    const { result, rerender } = renderHook(({ handle }) => useTeamHandleCheck(handle), {
      initialProps: { handle: 'taken' },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    rerender({ handle: 'taken-two' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    await act(async () => answers[1](jsonResponse(200, { status: 'available' })));
    await waitFor(() => expect(result.current).toBe('available'));
    await act(async () =>
      answers[0](jsonResponse(422, { message: 'Invalid', errors: { handle: ['That handle is taken.'] } })),
    );
    expect(result.current).toBe('available');
  });

  it('shows the server reason for the handle as typed', async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve(jsonResponse(422, { message: 'Invalid', errors: { handle: ['That handle is taken.'] } })),
    ) as unknown as typeof fetch;
    const { result } = renderHook(() => useTeamHandleCheck('taken'));
    await waitFor(() => expect(result.current).toBe('That handle is taken.'));
  });
});
