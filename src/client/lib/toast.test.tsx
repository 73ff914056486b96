import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AppToaster } from '@/components/AppToaster';
import { setTheme } from '@/hooks/useTheme';
import { notify, toastContainerOptions, toastContainerProps, UPDATE_TOAST_DURATION_MS } from './toast';

describe('toast settings (spec 9)', () => {
  it('match the spec values', () => {
    expect(toastContainerOptions).toEqual({
      position: 'top-right',
      autoClose: 5000,
      limit: 3,
      newestOnTop: true,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
      draggablePercent: 60,
    });
    expect(UPDATE_TOAST_DURATION_MS).toBe(10000);
  });

  it('follow dark mode', () => {
    expect(toastContainerProps('dark').theme).toBe('dark');
    expect(toastContainerProps('light').theme).toBe('light');
  });

  it('give update toasts 10 s', () => {
    const info = jest.spyOn(toast, 'info').mockReturnValue('id');
    notify.update('App updated!');
    expect(info).toHaveBeenCalledWith('App updated!', { autoClose: 10000 });
    info.mockRestore();
  });

  it('render a toast through the app container', async () => {
    setTheme('dark');
    render(<AppToaster />);
    act(() => {
      notify.success('Market added');
    });
    expect(await screen.findByText('Market added')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-theme--dark')).not.toBeNull();
  });
});
