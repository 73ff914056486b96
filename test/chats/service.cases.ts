import { bootTestApp, type TestApp } from '../support/app';
import { ChatsCommandService, ChatsQueryService } from '../../src/modules/chats';
import type { User } from '../../src/modules/users/user.entity';

/**
 * The chat rules called on the services of the booted app, against the real PostgreSQL: no HTTP, so each rule
 * runs in milliseconds. The routes, DTOs and authorization are proven in rules.e2e-spec.ts and the table.
 */
describe('chats: service tier', () => {
  let t: TestApp;
  let commands: ChatsCommandService;
  let chats: ChatsQueryService;

  beforeAll(async () => {
    t = await bootTestApp();
    commands = t.app.get(ChatsCommandService);
    chats = t.app.get(ChatsQueryService);
  });
  afterAll(() => t?.close());

  const text = (content: string) => ({ type: 'text' as const, content });
  const people = () => Promise.all([t.createUser(), t.createUser(), t.createUser()]);

  async function acceptedChat(a: User, b: User): Promise<string> {
    const { chat } = await commands.startDirect(a, b.id, { message: 'hi' });
    await commands.respond(b, chat.id, true);
    return chat.id;
  }

  it('a new direct chat is a request for the other side until accepted; the requester cannot answer it', async () => {
    const [a, b] = await people();
    const { chat, created } = await commands.startDirect(a, b.id, { message: 'hello' });
    expect(created).toBe(true);
    expect((await chats.list(b.id, 'requested')).data.map((c) => c.id)).toEqual([chat.id]);
    expect((await chats.list(b.id, 'chats')).data).toEqual([]);
    await expect(commands.send(b, chat.id, text('reply'))).rejects.toMatchObject({ status: 403 });
    await expect(commands.respond(a, chat.id, true)).rejects.toMatchObject({ status: 403 });

    await commands.respond(b, chat.id, true);
    expect((await chats.list(b.id, 'chats')).data.map((c) => c.id)).toEqual([chat.id]);
    await expect(commands.send(b, chat.id, text('reply'))).resolves.toMatchObject({ content: 'reply' });
    // Starting again reuses the open chat.
    expect(await commands.startDirect(a, b.id)).toMatchObject({ created: false, chat: { id: chat.id } });
  });

  it('declining a direct request deletes the chat', async () => {
    const [a, b] = await people();
    const { chat } = await commands.startDirect(a, b.id, { message: 'hello' });
    await commands.respond(b, chat.id, false);
    expect(await chats.chatIds(a.id, b.id)).toEqual([]);
  });

  it('unread counts rise for receivers only, not while muted, and reading clears them', async () => {
    const [a, b] = await people();
    const chatId = await acceptedChat(a, b);
    await commands.markRead(b.id, chatId);
    await commands.send(a, chatId, text('one'));
    await commands.send(a, chatId, text('two'));
    expect(await chats.unreadCounts(b.id)).toEqual({
      count: 2,
      tabs: { chats: 2, requested: 0, muted: 0, blocked: 0 },
    });
    expect((await chats.unreadCounts(a.id)).count).toBe(0);

    expect(await commands.toggleMute(b.id, chatId)).toEqual({ is_muted: true });
    await commands.send(a, chatId, text('three'));
    expect((await chats.unreadCounts(b.id)).count).toBe(0); // muted chats never count in the total
    expect((await chats.list(b.id, 'muted')).data[0].unread_count).toBe(2); // and their counter stays put
    await commands.toggleMute(b.id, chatId);

    await commands.markRead(b.id, chatId);
    expect((await chats.unreadCounts(b.id)).count).toBe(0);
  });

  it('a blocker cannot send, stops receiving (hidden, no counter) and sees it again after unblocking', async () => {
    const [a, b] = await people();
    const chatId = await acceptedChat(a, b);
    expect(await commands.toggleBlock(b.id, chatId)).toEqual({ is_blocked: true });
    await expect(commands.send(b, chatId, text('x'))).rejects.toMatchObject({ status: 403 });
    await commands.send(a, chatId, text('while blocked'));
    expect((await chats.unreadCounts(b.id)).count).toBe(0);
    expect((await chats.messages(b.id, chatId, {})).data.map((m) => m.content)).not.toContain('while blocked');
    expect((await chats.messages(a.id, chatId, {})).data.map((m) => m.content)).toContain('while blocked');
    expect((await chats.list(b.id, 'blocked')).data.map((c) => c.id)).toEqual([chatId]);

    await commands.toggleBlock(b.id, chatId);
    await expect(commands.send(b, chatId, text('back'))).resolves.toMatchObject({ content: 'back' });
  });

  it('leaving keeps the history for the others with a note; the last one out deletes the chat', async () => {
    const [a, b, c] = await people();
    const { chat } = await commands.startGroup(a, [b.id, c.id], 'Viewing', { message: 'hi all' });
    await commands.respond(b, chat.id, true);
    await commands.respond(c, chat.id, true);

    expect(await commands.leave(b, chat.id)).toEqual({ status: 'success', deleted: false });
    await expect(chats.get(b.id, chat.id)).rejects.toMatchObject({ status: 403 });
    const seen = await chats.get(a.id, chat.id, true);
    expect(seen.left_by_users).toEqual([b.id]);
    expect(seen.last_message).toMatchObject({ type: 'system', content: `${b.name} left the chat` });

    await commands.leave(c, chat.id);
    expect(await commands.leave(a, chat.id)).toEqual({ status: 'success', deleted: true });
    await expect(chats.get(a.id, chat.id)).rejects.toMatchObject({ status: 404 });
  });

  it('nobody left to talk to: sending answers 403 with the reason', async () => {
    const [a, b] = await people();
    const chatId = await acceptedChat(a, b);
    await commands.leave(b, chatId);
    await expect(commands.send(a, chatId, text('anyone?'))).rejects.toMatchObject({
      status: 403,
      message: 'Nobody else is in this chat any more.',
    });
  });
});
