import sharp from 'sharp';
import { ChatsCommandService } from '../../src/modules/chats';
import { DesignAssetsService } from '../../src/modules/designs';
import type { OrderPaidEvent } from '../../src/contracts/events';
import { STICKER_PACK_CATEGORY, StickerSalesService, StickersService } from '../../src/modules/stickers';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { auditRows, confirmedAdmin } from './helpers';

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 128, b: 128, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** Admin DesignAssets and Stickers: the service rules, the uploads over HTTP, the audit rows. */
describe('admin design assets and stickers', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof confirmedAdmin>>;
  let assets: DesignAssetsService;
  let stickers: StickersService;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await confirmedAdmin(t);
    assets = t.app.get(DesignAssetsService);
    stickers = t.app.get(StickersService);
  });
  afterAll(() => t.close());

  it('marks the style pack’s themes in the admin list, so an admin sees who may use them', async () => {
    const list = await admin.client.get('/api/admin/design-assets').query({ category: 'theme', q: 'Hygge' });
    expect(list.body.data.map((a: { name: string; pack: string | null }) => [a.name, a.pack])).toEqual([
      ['Hygge', 'scandinavian'],
    ]);
  });

  it('starts from the options that lived in code and feeds the designer page what is enabled', async () => {
    const catalog = await assets.catalog(admin.user.id);
    expect(catalog.roomTypes).toContain('Living room');
    expect(catalog.palettes['Cool greys']).toEqual(['#eef1f4', '#a3adb8', '#4b5563']);
    expect(catalog.designers[0]).toBe('Any');

    const created = await admin.client
      .post('/api/admin/design-assets')
      .send({ category: 'location', name: 'Lisbon', prompt_fragment: 'azulejo tiles, warm light' });
    expect(created.status).toBe(201);
    const id = created.body.asset.id;
    expect((await assets.catalog(admin.user.id)).locations).toEqual(['Lisbon']);
    expect(await assets.promptFragments({ location: 'lisbon' })).toEqual(['azulejo tiles, warm light']);

    const off = await admin.client.patch(`/api/admin/design-assets/${id}`).send({ enabled: false });
    expect(off.body.asset.enabled).toBe(false);
    expect((await assets.catalog(admin.user.id)).locations).toEqual([]);
    expect(await assets.promptFragments({ location: 'Lisbon' })).toEqual([]);
    const rows = await auditRows(t.db, id);
    expect(rows.map((r) => r.action)).toEqual(['design_asset.created', 'design_asset.updated']);
    expect(rows[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    const user = await t.signedIn();
    const page = await user.client.visit('/designer');
    expect(page.body.props.catalog.roomTypes).toContain('Kitchen');
    expect(page.body.props.catalog.locations).toEqual([]);
  });

  it('refuses bad input with field errors and unknown ids with 404', async () => {
    const dup = await admin.client.post('/api/admin/design-assets').send({ category: 'theme', name: 'modern' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toBeDefined();
    const bad = await admin.client
      .post('/api/admin/design-assets')
      .send({ category: 'nope', name: 'X', colors: ['red'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'colors']);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.client.patch(`/api/admin/design-assets/${missing}`).send({ enabled: true })).status).toBe(404);
    const list = await admin.client.get('/api/admin/design-assets?category=theme&q=scandinav');
    expect(list.body).toMatchObject({ total: 1, data: [{ name: 'Scandinavian' }] });
    expectPage(await admin.client.visit('/admin/design-assets?category=color'), 'Admin/DesignAssets', {
      filters: { category: 'color', q: '' },
    });
  });

  it('stores a preview from the bytes, refusing other types and oversized files', async () => {
    const [theme] = (await assets.page({ category: 'theme' }, 1, 1)).data;
    const url = `/api/admin/design-assets/${theme.id}/preview`;
    const text = await admin.client.post(url).attach('preview', Buffer.from('not an image at all'), 'a.png');
    expect(text.status).toBe(422);
    expect(text.body.errors.preview[0]).toMatch(/not accepted/);
    const big = Buffer.concat([await png(8), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await admin.client.post(url).attach('preview', big, 'big.png')).status).toBe(422);
    expect((await admin.client.post(url)).body.errors.preview).toBeDefined();
    const ok = await admin.client.post(url).attach('preview', await png(600), 'p.png');
    expect(ok.status).toBe(201);
    expect(ok.body.asset.preview_url).toMatch(/^\/media\/design-assets\/.+-thumb\.webp$/);
    const guest = await t.client();
    const img = await guest.get(ok.body.asset.preview_url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it('makes sticker packs, stores stickers as transparent webp, lists enabled packs to users', async () => {
    const pack = await admin.client.post('/api/admin/sticker-packs').send({ name: 'Open house', price_minor: 199 });
    expect(pack.status).toBe(201);
    const packId = pack.body.pack.id;
    const added = await admin.client
      .post(`/api/admin/sticker-packs/${packId}/stickers`)
      .field('name', 'Sold!')
      .attach('image', await png(900), 'sold.png');
    expect(added.status).toBe(201);
    expect(added.body.sticker).toMatchObject({ name: 'Sold!', width: 512, height: 512 });
    const meta = await sharp(await readMedia(added.body.sticker.url)).metadata();
    expect(meta).toMatchObject({ format: 'webp', hasAlpha: true });
    const pdf = await admin.client
      .post(`/api/admin/sticker-packs/${packId}/stickers`)
      .field('name', 'Doc')
      .attach('image', Buffer.from('%PDF-1.4 hello'), 'x.png');
    expect(pdf.status).toBe(422);
    expect(
      (await admin.client.post(`/api/admin/sticker-packs/${packId}/stickers`).attach('image', await png(8), 'a.png'))
        .body.errors.name,
    ).toBeDefined();

    const user = await t.signedIn();
    const listed = await user.client.get('/api/stickers');
    expect(listed.body.data.find((p: { id: string }) => p.id === packId)).toMatchObject({
      price_minor: 199,
      stickers: [{ name: 'Sold!' }],
    });
    await admin.client.patch(`/api/admin/sticker-packs/${packId}`).send({ enabled: false });
    expect((await user.client.get('/api/stickers')).body.data.map((p: { id: string }) => p.id)).not.toContain(packId);
    expect((await stickers.packs(1, 10, { enabledOnly: false })).data[0].enabled).toBe(false);

    const removed = await admin.client.delete(`/api/admin/stickers/${added.body.sticker.id}`);
    expect(removed.status).toBe(200);
    expect((await admin.client.get(added.body.sticker.url)).status).toBe(404);
    expect((await auditRows(t.db, packId)).map((r) => r.action)).toEqual([
      'sticker_pack.created',
      'sticker.added',
      'sticker_pack.updated',
      'sticker.removed',
    ]);
    expectPage(await admin.client.visit('/admin/stickers'), 'Admin/Stickers', {});
  });

  it('sells a paid pack through commerce: only its owners send its stickers, free packs stay open', async () => {
    const sales = t.app.get(StickerSalesService);
    const pack = await stickers.createPack({ name: 'Luxury pack', price_minor: 299 });
    const sticker = await stickers.addSticker(pack.id, 'Keys', await png(32));
    const free = await stickers.createPack({ name: 'Free pack' });
    const freeSticker = await stickers.addSticker(free.id, 'Hi', await png(32));
    const [buyer, friend] = [await t.signedIn(), await t.signedIn()];
    const chats = t.app.get(ChatsCommandService);
    const { chat } = await chats.startDirect(buyer.user, friend.user.id, { message: 'hi' });
    const path = `/api/chats/${chat.id}/messages/sticker`;
    const refused = await buyer.client.post(path).send({ sticker_id: sticker.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('"Luxury pack" is a paid sticker pack: buy it to send its stickers.');
    expect((await buyer.client.post(path).send({ sticker_id: freeSticker.id })).status).toBe(201);
    await expect(sales.productFor(buyer.user, free.id)).rejects.toMatchObject({ status: 422 });
    const usable = async () =>
      ((await buyer.client.get('/api/stickers?per_page=50')).body.data as Array<{ id: string; usable: boolean }>)
        .filter((p) => p.id === pack.id || p.id === free.id)
        .map((p) => p.usable);
    expect(await usable()).toEqual([true, false]); // newest first: the free pack, then the paid one

    // The pack is a commerce product at its price; the cart, checkout and local payment driver sell it.
    const { variant_id } = (await buyer.client.post(`/api/sticker-packs/${pack.id}/purchase`)).body;
    expect((await buyer.client.post('/api/cart/items').send({ variant_id, quantity: 1 })).status).toBe(201);
    const { session } = (await buyer.client.post('/api/checkout').send({})).body;
    expect(session.total).toEqual({ amount_minor: 299, currency: 'USD' });
    expect((await buyer.client.post(`/pay/local/${session.session_id}`).send({ outcome: 'succeed' })).status).toBe(200);
    const owners = () => t.db.query(`SELECT user_id, order_id FROM sticker_pack_owners WHERE pack_id = $1`, [pack.id]);
    for (let i = 0; i < 100 && !(await owners()).length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await owners()).toEqual([{ user_id: buyer.user.id, order_id: session.order_id }]);
    // A repeated order.paid is a no-op; the owner sends, others are still refused; buying again is refused.
    const [line] = await t.db.query(`SELECT l.id AS line_id, l.product_id FROM order_lines l WHERE l.order_id = $1`, [
      session.order_id,
    ]);
    const lines = [
      { ...line, variant_id, category: STICKER_PACK_CATEGORY, quantity: 1, unit_price_minor: 299, total_minor: 299 },
    ];
    await sales.onOrderPaid({ order_id: session.order_id, user_id: buyer.user.id, lines } as unknown as OrderPaidEvent);
    expect(await owners()).toHaveLength(1);
    expect((await buyer.client.post(path).send({ sticker_id: sticker.id })).status).toBe(201);
    expect(await usable()).toEqual([true, true]);
    await chats.respond(friend.user, chat.id, true);
    expect((await friend.client.post(path).send({ sticker_id: sticker.id })).status).toBe(403);
    await expect(sales.productFor(buyer.user, pack.id)).rejects.toMatchObject({ status: 422 });
  });

  it('sends a sticker of an enabled pack in chat, with the chat rules unchanged', async () => {
    const pack = await stickers.createPack({ name: 'Chat pack' });
    const sticker = await stickers.addSticker(pack.id, 'Wave', await png(64));
    const a = await t.signedIn();
    const b = await t.signedIn();
    const chats = t.app.get(ChatsCommandService);
    const { chat } = await chats.startDirect(a.user, b.user.id, { message: 'hi' });
    const path = `/api/chats/${chat.id}/messages/sticker`;
    // A request is answered before replying, exactly as for text.
    expect((await b.client.post(path).send({ sticker_id: sticker.id })).status).toBe(403);
    await chats.respond(b.user, chat.id, true);
    const sent = await b.client.post(path).send({ sticker_id: sticker.id, client_id: 'c1' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({
      type: 'sticker',
      client_id: 'c1',
      data: { sticker: { id: sticker.id, name: 'Wave', url: sticker.url, thumb_url: sticker.thumb_url } },
    });
    const history = await a.client.get(`/api/chats/${chat.id}/messages`);
    expect(history.body.data.map((m: { type: string }) => m.type)).toContain('sticker');
    expect((await a.client.get(sticker.thumb_url)).status).toBe(200);
    // Bad input is a field error; a disabled pack's sticker is no longer sendable; strangers get the chat's 403.
    expect((await a.client.post(path).send({ sticker_id: 'nope' })).body.errors).toHaveProperty('sticker_id');
    await stickers.updatePack(pack.id, { enabled: false });
    const refused = await a.client.post(path).send({ sticker_id: sticker.id });
    expect({ status: refused.status, errors: refused.body.errors }).toEqual({
      status: 422,
      errors: { sticker_id: ['That sticker is not available.'] },
    });
    await stickers.updatePack(pack.id, { enabled: true });
    const stranger = await t.signedIn();
    expect((await stranger.client.post(path).send({ sticker_id: sticker.id })).status).toBe(403);
  });

  async function readMedia(url: string): Promise<Buffer> {
    const res = await admin.client
      .get(url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    return res.body as Buffer;
  }
});
