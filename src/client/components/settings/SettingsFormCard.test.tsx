import { fireEvent, render, screen } from '@testing-library/react';
import { SettingsFormCard } from './SettingsFormCard';

describe('SettingsFormCard', () => {
  it('PUTs the form to its address keeping the scroll, with the save bar as footer', () => {
    const form = { processing: false, recentlySuccessful: true, put: jest.fn() };
    const onSuccess = jest.fn();
    render(
      <SettingsFormCard
        form={form}
        put="/settings/x"
        options={{ onSuccess }}
        title="X"
        description="About X"
        saveLabel="Keep"
      >
        <input aria-label="Field" />
      </SettingsFormCard>,
    );
    expect(screen.getByRole('heading', { name: 'X' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(form.put).toHaveBeenCalledWith('/settings/x', { preserveScroll: true, onSuccess });
  });
});
