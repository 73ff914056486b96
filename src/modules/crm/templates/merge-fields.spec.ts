import { renderTemplate } from './merge-fields';

describe('renderTemplate', () => {
  it('fills merge fields, escaping values and the template in HTML only', () => {
    const r = renderTemplate(
      {
        subject: 'Hi {{ first_name }}\n',
        body: 'Dear {{first_name}},\n<b>{{property_address}}</b>\n\nBye {{unknown}}',
      },
      { first_name: '<script>x</script>', property_address: 'A & B' },
    );
    expect(r.subject).toBe('Hi <script>x</script> ');
    expect(r.text).toBe('Dear <script>x</script>,\n<b>A & B</b>\n\nBye ');
    expect(r.html).toBe('<p>Dear &lt;script&gt;x&lt;/script&gt;,<br>&lt;b&gt;A &amp; B&lt;/b&gt;</p>\n<p>Bye </p>');
  });
});
