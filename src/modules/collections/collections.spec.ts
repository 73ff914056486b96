import { accessOf, allows } from './collections.policy';
import { plainText } from './plain-text';

describe('collections rules', () => {
  it('keeps comments as plain text', () => {
    expect(plainText('  <b>Nice</b> yard<script>alert(1)</script>\u0000\u202e!\r\n\r\n\r\n\r\nok ')).toBe(
      'Nice yardalert(1)!\n\nok',
    );
    expect(plainText('a < b and c > d')).toBe('a < b and c > d');
    expect(plainText('x'.repeat(2000))).toHaveLength(1000);
  });

  it('ranks access: owner > edit > view > link', () => {
    expect(accessOf({ owner_id: 'u', my_role: null }, 'u')).toBe('owner');
    expect(accessOf({ owner_id: 'o', my_role: 'edit' }, 'u')).toBe('edit');
    expect(accessOf({ owner_id: 'o', my_role: null }, 'u')).toBeNull();
    expect(allows('edit', 'comment')).toBe(true);
    expect(allows('view', 'comment')).toBe(true);
    expect(allows('view', 'add')).toBe(false);
    expect(allows('link', 'comment')).toBe(false);
    expect(allows('edit', 'share')).toBe(false);
    expect(allows('owner', 'share')).toBe(true);
  });
});
