import type { OrderPaidEvent, OrderRefundedEvent } from '../../src/contracts/events';
import { ChatsCommandService } from '../../src/modules/chats';
import { StickerSalesService, StickersService } from '../../src/modules/stickers';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { testPng } from './helpers';

const png = (shade: number) => testPng(16, shade);

/** Stickers worn on the profile, and a refunded sticker pack taken back (ownership, chat, profile pins). */
describe('profile stickers and sticker pack refunds', () => {
  let t: TestApp;
  let stickers: StickersService;

  beforeAll(async () => {
    t = await bootTestApp();
    stickers = t.app.get(StickersService);
  });
  afterAll(() => t.close());

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 150 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await check()).toBe(true);
  };

  it('pins up to six stickers of free or owned packs, shown in order on the public profile', async () => {
    const free = await stickers.createPack({ name: 'Wearable' });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await stickers.addSticker(free.id, `S${i}`, await png(i * 30))).id);
    const paid = await stickers.createPack({ name: 'Gold pack', price_minor: 500 });
    const gold = await stickers.addSticker(paid.id, 'Gold', await png(200));
    const me = await t.signedIn({ handle: 'wearer' });

    const saved = await me.client.put('/api/profile-stickers').send({ sticker_ids: [ids[2], ids[0]] });
    expect(saved.status).toBe(200);
    expect(saved.body.stickers.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[0]]);
    const guest = await t.client();
    const profile = await guest.get('/api/profile/wearer');
    expect(profile.body.stickers.map((s: { name: string }) => s.name)).toEqual(['S2', 'S0']);
    expectPage(await guest.visit('/profile/wearer'), 'Profile/Show', {
      profile: { stickers: [{ id: ids[2] }, { id: ids[0] }] },
    });

    // Bad input: seven stickers, a repeat, not a uuid, an unknown sticker: field errors, nothing changed.
    const seven = await me.client.put('/api/profile-stickers').send({ sticker_ids: ids });
    expect({ status: seven.status, errors: Object.keys(seven.body.errors) }).toEqual({
      status: 422,
      errors: ['sticker_ids'],
    });
    expect((await me.client.put('/api/profile-stickers').send({ sticker_ids: [ids[1], ids[1]] })).status).toBe(422);
    expect((await me.client.put('/api/profile-stickers').send({ sticker_ids: ['x'] })).status).toBe(422);
    const unknown = await me.client
      .put('/api/profile-stickers')
      .send({ sticker_ids: [ids[1], '00000000-0000-4000-8000-000000000000'] });
    expect(unknown.body.errors).toEqual({ 'sticker_ids.1': ['That sticker is not available.'] });
    // A paid pack the user does not own: 403 with a message.
    const refused = await me.client.put('/api/profile-stickers').send({ sticker_ids: [ids[1], gold.id] });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: '"Gold pack" is a paid sticker pack: buy it to wear its stickers.',
    });
    expect((await me.client.get('/api/profile-stickers')).body.stickers.map((s: { id: string }) => s.id)).toEqual([
      ids[2],
      ids[0],
    ]);

    // Six fit; a disabled pack's stickers are not shown; an empty list takes them all off.
    expect(
      (await me.client.put('/api/profile-stickers').send({ sticker_ids: ids.slice(0, 6) })).body.stickers,
    ).toHaveLength(6);
    await stickers.updatePack(free.id, { enabled: false });
    expect((await guest.get('/api/profile/wearer')).body.stickers).toEqual([]);
    await stickers.updatePack(free.id, { enabled: true });
    expect((await guest.get('/api/profile/wearer')).body.stickers).toHaveLength(6);
    expect((await me.client.put('/api/profile-stickers').send({ sticker_ids: [] })).body.stickers).toEqual([]);
    expect((await guest.get('/api/profile/wearer')).body.stickers).toEqual([]);
  });

  it('takes a refunded pack back: chat sends answer 403 and its profile pins disappear; repeats change nothing', async () => {
    const sales = t.app.get(StickerSalesService);
    const pack = await stickers.createPack({ name: 'Refundable', price_minor: 250 });
    const sticker = await stickers.addSticker(pack.id, 'Keys', await png(10));
    const free = await stickers.createPack({ name: 'Always free' });
    const freeSticker = await stickers.addSticker(free.id, 'Hi', await png(20));
    const buyer = await t.signedIn({ handle: 'refunder' });
    const friend = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const { chat } = await t.app.get(ChatsCommandService).startDirect(buyer.user, friend.user.id, { message: 'hi' });
    const send = () => buyer.client.post(`/api/chats/${chat.id}/messages/sticker`).send({ sticker_id: sticker.id });

    const { variant_id } = (await buyer.client.post(`/api/sticker-packs/${pack.id}/purchase`)).body;
    await buyer.client.post('/api/cart/items').send({ variant_id, quantity: 1 });
    const { session } = (await buyer.client.post('/api/checkout').send({})).body;
    await buyer.client.post(`/pay/local/${session.session_id}`).send({ outcome: 'succeed' });
    const owned = async () =>
      (
        await t.db.query(`SELECT 1 FROM sticker_pack_owners WHERE user_id = $1 AND pack_id = $2`, [
          buyer.user.id,
          pack.id,
        ])
      ).length > 0;
    await until(owned);
    expect((await send()).status).toBe(201);
    await buyer.client.put('/api/profile-stickers').send({ sticker_ids: [sticker.id, freeSticker.id] });
    expect((await (await t.client()).get('/api/profile/refunder')).body.stickers).toHaveLength(2);

    const refund = await admin.client
      .post(`/api/admin/orders/${session.order_id}/refunds`)
      .set('Idempotency-Key', 'sticker-refund-1')
      .send({ reason: 'changed my mind' });
    expect(refund.status).toBe(200);
    await until(async () => !(await owned()));
    const refused = await send();
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: '"Refundable" is a paid sticker pack: buy it to send its stickers.',
    });
    const shown = (await (await t.client()).get('/api/profile/refunder')).body.stickers;
    expect(shown.map((s: { id: string }) => s.id)).toEqual([freeSticker.id]);
    const pins = await t.db.query(`SELECT sticker_id FROM profile_stickers WHERE user_id = $1`, [buyer.user.id]);
    expect(pins).toEqual([{ sticker_id: freeSticker.id }]);

    // The refund event again, and a late order.paid for the refunded line: still not an owner.
    const [line] = await t.db.query(`SELECT id, product_id FROM order_lines WHERE order_id = $1`, [session.order_id]);
    await sales.onOrderRefunded({
      order_id: session.order_id,
      user_id: buyer.user.id,
      lines: [{ line_id: line.id, amount_minor: 250 }],
    } as OrderRefundedEvent);
    await sales.onOrderPaid({
      order_id: session.order_id,
      user_id: buyer.user.id,
      lines: [{ line_id: line.id, product_id: line.product_id, category: 'sticker-packs' }],
    } as unknown as OrderPaidEvent);
    expect(await owned()).toBe(false);
    expect((await send()).status).toBe(403);
    // Buying again is allowed and makes the buyer an owner again.
    expect((await buyer.client.post(`/api/sticker-packs/${pack.id}/purchase`)).status).toBe(200);
  });
});
