/**
 * Area settings reach the modules from the one typed config (src/config): the designer's upload cap set by
 * DESIGN_MAX_UPLOAD_MB is what the upload route enforces, and the map settings on pages come from MAP_TILE_URL.
 */
import { bootTestApp, TestApp } from '../support/app';

describe('typed configuration reaches the modules', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp({ DESIGN_MAX_UPLOAD_MB: '1', MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' });
  });
  afterAll(() => t.close());

  it('refuses a design upload above DESIGN_MAX_UPLOAD_MB before storing it', async () => {
    const { client } = await t.signedIn({ emailVerifiedAt: new Date() });
    const tooBig = Buffer.alloc(1024 * 1024 + 10, 0xff);
    const res = await client
      .post('/api/designs/generate')
      .field('prompt', 'a bright living room')
      .attach('image', tooBig, { filename: 'room.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(413);
  });

  it('gives the editor page the configured map tiles', async () => {
    const { client } = await t.signedIn({ emailVerifiedAt: new Date() });
    const page = await client.visit('/properties/new');
    expect(page.body.props.map).toEqual({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '&copy; OpenStreetMap contributors',
    });
  });
});
