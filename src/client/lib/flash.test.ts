import { flashEntries, resetFlashHistory, showFlash } from './flash';
import { notify } from './toast';

describe('flash messages as toasts', () => {
  beforeEach(() => resetFlashHistory());
  afterEach(() => jest.restoreAllMocks());

  it('reads success, error, info and warning', () => {
    expect(flashEntries({ success: 'Saved', error: null, info: '', warning: 'Careful', other: 'x' })).toEqual([
      { kind: 'success', message: 'Saved' },
      { kind: 'warning', message: 'Careful' },
    ]);
    expect(flashEntries(undefined)).toEqual([]);
  });

  it('shows each as a toast of its kind', () => {
    const success = jest.spyOn(notify, 'success').mockReturnValue('1');
    const error = jest.spyOn(notify, 'error').mockReturnValue('2');
    expect(showFlash({ success: 'Profile updated', error: 'Could not send' })).toBe(2);
    expect(success).toHaveBeenCalledWith('Profile updated');
    expect(error).toHaveBeenCalledWith('Could not send');
  });

  it('does not repeat a message delivered through both page.flash and props.flash', () => {
    const success = jest.spyOn(notify, 'success').mockReturnValue('1');
    let now = 1000;
    showFlash({ success: 'Market added' }, () => now);
    showFlash({ success: 'Market added' }, () => now);
    expect(success).toHaveBeenCalledTimes(1);
    now += 5000;
    showFlash({ success: 'Market added' }, () => now);
    expect(success).toHaveBeenCalledTimes(2);
  });
});
