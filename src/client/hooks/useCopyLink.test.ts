import { act, renderHook } from '@testing-library/react';
import { notify } from '@/lib/toast';
import { useCopyLink } from './useCopyLink';

jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const writeText = jest.fn();
Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

describe('useCopyLink', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    writeText.mockReset();
    jest.mocked(notify.success).mockReset();
    jest.mocked(notify.error).mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('copies the link, says so, and turns back after the given time', async () => {
    writeText.mockResolvedValue(undefined);
    const { result } = renderHook(() => useCopyLink('https://reelty.test/x', 2000));
    await act(() => result.current.copy());
    expect(writeText).toHaveBeenCalledWith('https://reelty.test/x');
    expect(result.current.copied).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Link copied');
    act(() => jest.advanceTimersByTime(2000));
    expect(result.current.copied).toBe(false);
  });

  it('stays copied without a reset time', async () => {
    writeText.mockResolvedValue(undefined);
    const { result } = renderHook(() => useCopyLink('/share/p'));
    await act(() => result.current.copy());
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.copied).toBe(true);
  });

  it('reports a refused clipboard and stays uncopied', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { result } = renderHook(() => useCopyLink('/share/p', 2000));
    await act(() => result.current.copy());
    expect(result.current.copied).toBe(false);
    expect(notify.error).toHaveBeenCalledWith('Could not copy the link');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
