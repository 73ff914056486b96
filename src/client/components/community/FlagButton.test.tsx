import { act, fireEvent, render, screen } from '@testing-library/react';
import { FLAG_CHOICES } from '@/api/community';
import { FlagButton } from '@/components/community';
import { notify } from '@/lib/toast';

jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const choose = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Flag' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: FLAG_CHOICES[0].label }));
  });
};

describe('FlagButton', () => {
  beforeEach(() => jest.clearAllMocks());

  it('sends the chosen reason and thanks the reader', async () => {
    const onFlag = jest.fn(() => Promise.resolve({ hidden: true } as never));
    render(<FlagButton onFlag={onFlag} />);
    await choose();
    expect(onFlag).toHaveBeenCalledWith(FLAG_CHOICES[0].value);
    expect(notify.success).toHaveBeenCalledWith('Thanks: the post is hidden until a moderator looks at it');
  });

  it('toasts the fallback when flagging fails', async () => {
    render(<FlagButton onFlag={() => Promise.reject('network down')} />);
    await choose();
    expect(notify.error).toHaveBeenCalledWith('Could not flag this post');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
