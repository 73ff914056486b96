import { act, render, screen, waitFor } from '@testing-library/react';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { getSocketId } from '@/lib/http';
import { ConnectionBanner } from './ConnectionBanner';
import { configureEcho, getEcho } from './echo-instance';
import { useChannel, useConnectionState } from './useEcho';

/** The browser client against a real PusherServer running in a child Node process. */
describe('Echo client: useChannel, X-Socket-Id, connection state', () => {
  let child: ChildProcessWithoutNullStreams;
  let port: number;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    child = spawn(process.execPath, [path.resolve(__dirname, '../../../test/realtime/support/server-process.js')]);
    child.stdout.setEncoding('utf8');
    let buffer = '';
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) if (part) lines.push(JSON.parse(part));
    });
    await waitFor(() => expect(lines.find((l) => l.port)).toBeDefined(), { timeout: 10_000 });
    port = lines.find((l) => l.port)!.port as number;
  });

  afterAll(async () => {
    act(() => void configureEcho(null));
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    }
  });

  const send = (command: unknown) => child.stdin.write(`${JSON.stringify(command)}\n`);

  function Probe({ onUpdate }: { onUpdate: (e: unknown) => void }) {
    const state = useConnectionState();
    useChannel('listings', 'public', { '.listing.updated': onUpdate });
    return <span data-testid="state">{state}</span>;
  }

  it('connects, feeds X-Socket-Id, delivers to useChannel, leaves on unmount, and shows the banner when the server goes', async () => {
    act(
      () =>
        void configureEcho({
          enabled: true,
          key: 'test-key',
          broadcaster: 'reverb',
          host: '127.0.0.1',
          port,
          scheme: 'http',
          forceTLS: false,
        }),
    );
    const updates: unknown[] = [];
    const view = render(
      <>
        <ConnectionBanner />
        <Probe onUpdate={(e) => updates.push(e)} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('connected'), { timeout: 5000 });
    expect(getSocketId()).toMatch(/^\d+\.\d+$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // The subscription is confirmed before we publish, so the event cannot be missed.
    const pusher = getEcho()!.connector.pusher as unknown as {
      channel(n: string): { subscribed: boolean } | undefined;
    };
    await waitFor(() => expect(pusher.channel('listings')?.subscribed).toBe(true));
    send({ publish: { channel: 'listings', event: 'listing.updated', data: { slug: 'loft' } } });
    await waitFor(() => expect(updates).toEqual([{ slug: 'loft' }]));

    view.rerender(<ConnectionBanner />); // Probe unmounts: its channel is left
    expect(pusher.channel('listings')).toBeUndefined();

    send({ close: true });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Reconnecting|unavailable/), {
      timeout: 5000,
    });
    expect(getSocketId()).toBeNull();
    view.unmount();
  });
});
