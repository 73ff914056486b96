import { ForbiddenException } from '@nestjs/common';
import { lineDiff, wikiLines, WikiService } from '../../src/modules/wiki';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { trustedUser } from '../community/support';

const ops = (a: string[], b: string[]) =>
  lineDiff(a, b).map((l) => `${{ same: ' ', add: '+', del: '-' }[l.op]}${l.text}`);

describe('wiki line diff (pure)', () => {
  it('keeps common lines and marks removed and added ones in reading order', () => {
    expect(ops(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual([' a', '-b', '+x', ' c', ' d', '+e']);
    expect(ops([], ['a'])).toEqual(['+a']);
    expect(ops(['a', 'b'], [])).toEqual(['-a', '-b']);
    expect(ops(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([' a', ' b', ' c']);
    // The longest common subsequence (b, c) is kept even when the ends differ.
    expect(ops(['a', 'b', 'c'], ['b', 'c', 'd'])).toEqual(['-a', ' b', ' c', '+d']);
  });

  it('splits article HTML into one line per block', () => {
    expect(wikiLines('<p>One</p><ul><li>A</li><li>B</li></ul><h3>T</h3>')).toEqual([
      '<p>One</p>',
      '<ul>',
      '<li>A</li>',
      '<li>B</li>',
      '</ul>',
      '<h3>T</h3>',
    ]);
  });
});

describe('wiki', () => {
  let t: TestApp;
  let wiki: WikiService;
  let trusted: { client: TestClient; user: User };
  let stranger: { client: TestClient; user: User };
  let admin: { client: TestClient; user: User };

  beforeAll(async () => {
    t = await bootTestApp();
    wiki = t.app.get(WikiService);
    [trusted, stranger, admin] = await Promise.all([trustedUser(t), t.signedIn(), t.signedIn({ role: 'admin' })]);
  });
  afterAll(() => t.close());

  const article = (slug: string, body: string) => ({
    slug,
    title: `Article ${slug}`,
    category: 'term' as const,
    body_html: body,
  });

  it('appends a revision per edit, sanitised, and the article points at the newest', async () => {
    const created = await wiki.create(trusted.user, article('escrow', '<p>First</p><script>alert(1)</script>'));
    expect(created.current.number).toBe(1);
    expect(created.body_html).toBe('<p>First</p>');
    const rev = await wiki.edit(trusted.user, 'escrow', {
      ...article('escrow', '<p>First</p><p onclick="x()">Second</p>'),
      summary: 'More',
      base_revision: 1,
    });
    expect(rev).toMatchObject({ number: 2, summary: 'More', rollback_of: null });
    const shown = await wiki.show('escrow', undefined);
    expect(shown).toMatchObject({ revisions_count: 2, body_html: '<p>First</p><p>Second</p>', can_edit: false });
    expect(shown.current.id).toBe(rev.id);
    // An edit made from revision 1 after revision 2 was saved is a conflict; an unchanged one is refused.
    await expect(
      wiki.edit(trusted.user, 'escrow', { ...article('escrow', '<p>Other</p>'), base_revision: 1 }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      wiki.edit(trusted.user, 'escrow', article('escrow', '<p>First</p><p>Second</p>')),
    ).rejects.toMatchObject({
      status: 422,
    });
    const diff = await wiki.diff('escrow', 1, 2);
    expect(diff).toMatchObject({ added: 1, removed: 0, title_changed: false });
    expect(diff.lines).toEqual([
      { op: 'same', text: '<p>First</p>' },
      { op: 'add', text: '<p>Second</p>' },
    ]);
    await expect(wiki.diff('escrow', 1, 9)).rejects.toMatchObject({ status: 404 });
  });

  it('rolls back by appending a copy of the old revision (history keeps every one)', async () => {
    await wiki.create(trusted.user, article('cap-rate', '<p>v1</p>'));
    await wiki.edit(trusted.user, 'cap-rate', { ...article('cap-rate', '<p>vandalised</p>'), title: 'Spam' });
    const back = await wiki.rollback(admin.user, 'cap-rate', 1, 'vandalism');
    expect(back).toMatchObject({ number: 3, rollback_of: 1, title: 'Article cap-rate' });
    expect(back.summary).toBe('Rolled back to revision 1: vandalism');
    expect((await wiki.show('cap-rate', trusted.user)).body_html).toBe('<p>v1</p>');
    const history = await wiki.history('cap-rate', 1, 10);
    expect(history.total).toBe(3);
    expect(history.data.map((r) => r.number)).toEqual([3, 2, 1]);
    await expect(wiki.rollback(trusted.user, 'cap-rate', 3)).rejects.toMatchObject({ status: 422 });
  });

  it('lets only trusted users and admins edit, with a message', async () => {
    const refused = wiki.create(stranger.user, article('nope', '<p>x</p>'));
    await expect(refused).rejects.toBeInstanceOf(ForbiddenException);
    await expect(refused).rejects.toThrow(/trust level 2/);
    await expect(wiki.create(admin.user, article('admin-made', '<p>x</p>'))).resolves.toMatchObject({ can_edit: true });
    expect(await wiki.canEdit(stranger.user)).toBe(false);
    expect(await wiki.canEdit(trusted.user)).toBe(true);
  });

  it('lists by title prefix and category, and keeps a talk page', async () => {
    await wiki.create(trusted.user, { ...article('neutra', '<p>x</p>'), title: 'Neutra', category: 'architect' });
    expect((await wiki.list('neu', undefined, 1, 10)).data.map((a) => a.slug)).toEqual(['neutra']);
    expect((await wiki.list(undefined, 'architect', 1, 10)).total).toBe(1);
    expect((await wiki.list('%', undefined, 1, 10)).total).toBe(0);
    await wiki.addTalk(stranger.user, 'neutra', '<p>Source?</p><img src=x onerror=alert(1)>');
    await expect(wiki.addTalk(stranger.user, 'neutra', '<p>see http://spam.test</p>')).rejects.toMatchObject({
      status: 422,
    });
    const talk = await wiki.talk('neutra', undefined);
    expect(talk.data.map((c) => c.body_html)).toEqual(['<p>Source?</p>']);
  });

  it('answers each caller as the authorization table says', async () => {
    await wiki.create(trusted.user, article('belvedere', '<p>one</p>'));
    await wiki.edit(trusted.user, 'belvedere', article('belvedere', '<p>two</p>'));
    const clients = {
      guest: await t.client(),
      stranger: stranger.client,
      trusted: trusted.client,
      admin: admin.client,
    };
    const all = (s: number) => ({ guest: s, stranger: s, trusted: s, admin: s });
    const editors = (s: number) => ({ guest: 401, stranger: 403, trusted: s, admin: s });
    const editorPages = { guest: 302, stranger: 403, trusted: 200, admin: 200 };
    const base = '/api/wiki/articles';
    const edit = (c: string) => ({ title: 'Belvedere', category: 'neighbourhood', body_html: `<p>by ${c}</p>` });
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/wiki', inertia: true, expect: all(200) },
      { method: 'GET', path: '/wiki?q=bel&category=term&page=1', inertia: true, expect: all(200) },
      { method: 'GET', path: '/wiki/new', inertia: true, expect: editorPages },
      { method: 'GET', path: '/wiki/belvedere', inertia: true, expect: all(200) },
      { method: 'GET', path: '/wiki/no-such-article', inertia: true, expect: all(404) },
      { method: 'GET', path: '/wiki/belvedere/history', inertia: true, expect: all(200) },
      { method: 'GET', path: '/wiki/belvedere/diff?from=1&to=2', inertia: true, expect: all(200) },
      { method: 'GET', path: '/wiki/belvedere/edit', inertia: true, expect: editorPages },
      { method: 'GET', path: base, expect: all(200) },
      { method: 'GET', path: `${base}?category=castle`, expect: all(422) },
      {
        method: 'POST',
        path: base,
        body: (c) => ({ ...article(`made-by-${c}`, '<p>x</p>') }),
        expect: editors(201),
      },
      { method: 'POST', path: base, body: { slug: 'Bad Slug' }, expect: { ...all(422), guest: 401 } },
      { method: 'GET', path: `${base}/belvedere`, expect: all(200) },
      { method: 'GET', path: `${base}/no-such-article`, expect: all(404) },
      { method: 'PUT', path: `${base}/belvedere`, body: edit, expect: editors(200) },
      { method: 'PUT', path: `${base}/no-such-article`, body: edit, expect: { ...editors(404), stranger: 403 } },
      { method: 'GET', path: `${base}/belvedere/revisions`, expect: all(200) },
      { method: 'GET', path: `${base}/belvedere/diff?from=1&to=2`, expect: all(200) },
      { method: 'GET', path: `${base}/belvedere/diff?from=1&to=99`, expect: all(404) },
      { method: 'GET', path: `${base}/belvedere/diff?from=x&to=2`, expect: all(422) },
      { method: 'POST', path: `${base}/belvedere/rollback`, body: { revision: 1 }, expect: editors(201) },
      { method: 'GET', path: `${base}/belvedere/talk`, expect: all(200) },
      {
        method: 'POST',
        path: `${base}/belvedere/talk`,
        body: { body_html: '<p>Nice</p>' },
        expect: { ...all(201), guest: 401 },
      },
      { method: 'POST', path: `${base}/belvedere/talk`, body: { body_html: '' }, expect: { ...all(422), guest: 401 } },
    ]);
  });
});
