import { bootTestApp, TestApp } from '../support/app';
import { page, waitForMail } from './helpers';

describe('development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists mails (paged) and shows one with links made relative and opening in the top window', async () => {
    const user = await t.createUser();
    const guest = await t.client();
    await guest.post('/forgot-password').send({ email: user.email });
    const mail = await waitForMail(t.db, user.email, 'Reset your');

    const list = await page(guest, '/dev/mailbox');
    expect(list.component).toBe('Dev/Mailbox');
    expect(list.props.mails[0]).toMatchObject({ id: mail.id, to: user.email, subject: mail.subject });
    expect(list.props.pagination).toMatchObject({ currentPage: 1, lastPage: 1 });

    const show = await page(guest, `/dev/mailbox/${mail.id}`);
    expect(show.component).toBe('Dev/MailboxShow');
    expect(show.props.mail.html).toContain('<base target="_top">');
    expect(show.props.mail.html).toContain('href="/reset-password/');
    expect(show.props.mail.html).not.toContain(`href="${t.config.appUrl}`);
    expect(show.props.mail.text).toContain(`${t.config.appUrl}/reset-password/`);
    expect((await guest.visit('/dev/mailbox/not-a-uuid')).status).toBe(404);
  });
});

describe('development mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist', async () => {
    const guest = await t.client();
    expect((await guest.visit('/dev/mailbox')).status).toBe(404);
    expect((await guest.get('/dev/mailbox').set('Accept', 'application/json')).status).toBe(404);
  });
});
