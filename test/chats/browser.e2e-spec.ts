import type { Page } from 'playwright-core';
import { bootChatApp } from './support';
import { browserSuite } from '../support/browser';
import type { User } from '../../src/modules/users/user.entity';

/**
 * Two browsers, two users, the real app with its WebSocket server: A requests a chat with B,
 * B accepts, both exchange messages live, B mutes and A's next message does not raise B's counter.
 * Needs the client built (`npx vite build`); a missing browser or build fails, never skips.
 */
describe('chats in two browsers', () => {
  const suite = browserSuite(() => bootChatApp());

  /** A page signed in as `user` that logs the page's errors under their name. */
  async function browserFor(user: User): Promise<Page> {
    const page = await suite.pageFor(user, { width: 1280, height: 800 });
    page.on('pageerror', (e) => console.warn(`[${user.name}] page error: ${e.message}`));
    return page;
  }

  async function waitForValue<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
    const start = Date.now();
    let value = await read();
    while (value !== expected && Date.now() - start < timeoutMs) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    expect(value).toBe(expected);
  }
  const badge = (page: Page) => page.locator('header nav [data-testid="chats-unread-badge"]');
  const unreadFor = async (page: Page): Promise<number> =>
    page.evaluate(() =>
      fetch('/api/chats/unread-count', { headers: { Accept: 'application/json' } })
        .then((r) => r.json() as Promise<{ count: number }>)
        .then((b) => b.count),
    );

  it('request, accept, live messages both ways, mute keeps the counter still', async () => {
    const { t } = suite;
    const alice = await t.createUser({ name: 'Alice Realtor', handle: 'alice_r' });
    const bob = await t.createUser({ name: 'Bob Buyer', handle: 'bob_b' });
    const a = await browserFor(alice);
    const b = await browserFor(bob);

    await b.goto(`${t.baseUrl}/chats`);
    await b.getByRole('heading', { name: 'Chats', exact: true }).waitFor();
    await a.goto(`${t.baseUrl}/chats`);
    // Give both pages a moment to open their WebSocket and subscribe to the user channel.
    await a.waitForTimeout(1500);

    // A requests a chat with B.
    await a.getByRole('button', { name: 'New chat' }).click();
    await a.getByLabel('Handle').fill('@bob_b');
    await a.getByLabel('First message').fill('Hi Bob, still looking for a house?');
    await a.getByRole('button', { name: 'Send request' }).click();
    await a.getByTestId('chat-view').getByText('Hi Bob, still looking for a house?').waitFor();

    // B sees the request live under Requested (badge on the tab), opens it and accepts.
    await b.locator('[data-tab="requested"] span').waitFor({ timeout: 10000 });
    await b.locator('[data-tab="requested"]').click();
    await b.getByTestId('chat-list').getByText('Alice Realtor').click();
    await b.getByTestId('chat-view').getByText('Hi Bob, still looking for a house?').waitFor();
    await b.getByRole('button', { name: 'Accept', exact: true }).click();
    await b.getByPlaceholder('Write a message…').waitFor();

    // Both exchange messages live.
    await b.getByPlaceholder('Write a message…').fill('Yes! Anything with a garden?');
    await b.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByTestId('chat-view').getByText('Yes! Anything with a garden?').waitFor({ timeout: 10000 });
    await a.getByPlaceholder('Write a message…').fill('Two, I will send you the listings.');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await b.getByTestId('chat-view').getByText('Two, I will send you the listings.').waitFor({ timeout: 10000 });
    // The chat is open on B's page: it is marked read as messages arrive.
    await waitForValue(() => unreadFor(b), 0);

    // B leaves the chat view (to the notifications page): A's message now raises B's counter live.
    await b.goto(`${t.baseUrl}/notifications`);
    await b.getByRole('heading', { name: /Notifications/ }).waitFor();
    await a.getByPlaceholder('Write a message…').fill('First one: 12 Oak St.');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await badge(b).filter({ hasText: '1' }).waitFor({ timeout: 10000 });

    // B opens the chat (counter back to 0) and mutes it.
    await b.goto(`${t.baseUrl}/chats`);
    await b.getByTestId('chat-list').getByText('Alice Realtor').click();
    await b.getByTestId('chat-view').getByText('First one: 12 Oak St.').waitFor();
    await badge(b).first().waitFor({ state: 'detached' });
    await b.getByRole('button', { name: 'Mute', exact: true }).click();
    await b.getByRole('alertdialog').getByRole('button', { name: 'Mute', exact: true }).click();
    await b.getByRole('alertdialog').waitFor({ state: 'detached' });
    await b.getByTestId('chat-view').getByRole('button', { name: 'Unmute', exact: true }).waitFor();
    await b.goto(`${t.baseUrl}/notifications`);
    await b.getByRole('heading', { name: /Notifications/ }).waitFor();

    // A's next message does not raise B's counter.
    await a.getByPlaceholder('Write a message…').fill('Second one: 4 Elm Rd.');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByTestId('chat-view').getByText('Second one: 4 Elm Rd.').waitFor();
    await b.waitForTimeout(1000);
    expect(await badge(b).count()).toBe(0);
    expect(await unreadFor(b)).toBe(0);
    // It did arrive: the Muted tab shows it as the last message.
    await b.goto(`${t.baseUrl}/chats?tab=muted`);
    await b.getByTestId('chat-list').getByText('Second one: 4 Elm Rd.').waitFor();
  }, 90_000);
});
