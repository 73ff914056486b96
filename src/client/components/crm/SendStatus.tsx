import type { EmailSendJson } from '@contracts/crm-marketing';

/** One recipient's tracked send: delivery, bounce or complaint, opened, clicks. */
export function SendStatus({ send }: { send: EmailSendJson }) {
  const parts: Array<{ text: string; tone: 'ok' | 'warn' | 'bad' | 'plain' }> = [];
  if (send.state === 'queued') parts.push({ text: 'queued', tone: 'plain' });
  if (send.state === 'cancelled') parts.push({ text: 'not sent (suppressed)', tone: 'warn' });
  if (send.failure) parts.push({ text: send.failure === 'complaint' ? 'complaint' : 'bounced', tone: 'bad' });
  if (send.soft_bounces)
    parts.push({ text: `${send.soft_bounces} soft bounce${send.soft_bounces > 1 ? 's' : ''}`, tone: 'warn' });
  if (send.state === 'sent')
    parts.push(send.opened_at ? { text: 'opened', tone: 'ok' } : { text: 'not opened', tone: 'plain' });
  if (send.clicks) parts.push({ text: `${send.clicks} click${send.clicks > 1 ? 's' : ''}`, tone: 'ok' });
  const tone = {
    ok: 'text-emerald-700 dark:text-emerald-400',
    warn: 'text-amber-700 dark:text-amber-400',
    bad: 'text-red-700 dark:text-red-400',
    plain: '',
  };
  return (
    <>
      {parts.map((p, i) => (
        <span key={p.text}>
          {i > 0 && ' · '}
          <span className={tone[p.tone]}>{p.text}</span>
        </span>
      ))}
    </>
  );
}
