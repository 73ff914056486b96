import { act, render, screen } from '@testing-library/react';
import { InstalledAppSpinner } from '@/components/InstalledAppSpinner';
import { APP_UPDATED_MESSAGE, watchForServiceWorkerUpdate } from './pwa';
import * as toastModule from './toast';

/** A minimal EventTarget-backed stand-in for a ServiceWorker / registration. */
function fakeWorker() {
  const target = new EventTarget();
  const worker = {
    state: 'installing' as ServiceWorkerState,
    addEventListener: target.addEventListener.bind(target),
    become(state: ServiceWorkerState) {
      worker.state = state;
      target.dispatchEvent(new Event('statechange'));
    },
  };
  return worker;
}

function fakeRegistration() {
  const target = new EventTarget();
  const registration = {
    installing: null as ReturnType<typeof fakeWorker> | null,
    addEventListener: target.addEventListener.bind(target) as ServiceWorkerRegistration['addEventListener'],
    findUpdate(worker: ReturnType<typeof fakeWorker>) {
      registration.installing = worker;
      target.dispatchEvent(new Event('updatefound'));
    },
  };
  return registration;
}

describe('service worker update toast (spec 8)', () => {
  it('shows "App updated!" for 10 s when a new worker is installed over an active one', () => {
    const update = jest.spyOn(toastModule.notify, 'update').mockReturnValue('t');
    const registration = fakeRegistration();
    watchForServiceWorkerUpdate(registration, { controller: {} });

    const worker = fakeWorker();
    registration.findUpdate(worker);
    expect(update).not.toHaveBeenCalled();
    worker.become('installed');
    expect(update).toHaveBeenCalledWith(APP_UPDATED_MESSAGE);
    expect(APP_UPDATED_MESSAGE).toBe('App updated! Refresh to get the latest features.');
    update.mockRestore();
  });

  it('stays quiet on the very first install (nothing controls the page yet)', () => {
    const onUpdate = jest.fn();
    const registration = fakeRegistration();
    watchForServiceWorkerUpdate(registration, { controller: null }, onUpdate);
    const worker = fakeWorker();
    registration.findUpdate(worker);
    worker.become('installed');
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('<InstalledAppSpinner /> (spec 9: hidden after 300 ms + 500 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows, starts fading at 300 ms and is gone at 800 ms', () => {
    render(<InstalledAppSpinner installed />);
    const spinner = screen.getByTestId('installed-app-spinner');
    expect(spinner).toHaveAttribute('data-leaving', 'false');

    act(() => jest.advanceTimersByTime(299));
    expect(spinner).toHaveAttribute('data-leaving', 'false');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('installed-app-spinner')).toHaveAttribute('data-leaving', 'true');

    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByTestId('installed-app-spinner')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('installed-app-spinner')).not.toBeInTheDocument();
  });

  it('is not shown in a browser tab', () => {
    render(<InstalledAppSpinner installed={false} />);
    expect(screen.queryByTestId('installed-app-spinner')).not.toBeInTheDocument();
  });
});
