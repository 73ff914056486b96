import { escapeHtml } from '../../../common/escape-html';

/** Simple, inline-styled transactional mails (HTML + text) with one call-to-action button. */
export interface ActionMail {
  appName: string;
  heading: string;
  lines: string[];
  actionText: string;
  actionUrl: string;
  outro?: string[];
  /** When it is sent (the Clock's now): the footer's year. */
  sentAt: Date;
}

export function renderActionMail(mail: ActionMail): { html: string; text: string } {
  const paragraphs = (lines: string[]) =>
    lines
      .map((line) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(line)}</p>`)
      .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(mail.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 8px 20px;font-size:22px;font-weight:700;color:#0f172a;text-align:center">${escapeHtml(mail.appName)}</td></tr>
<tr><td style="background:#ffffff;border-radius:16px;padding:32px;border:1px solid #e2e8f0">
<h1 style="margin:0 0 16px;font-size:20px;color:#0f172a">${escapeHtml(mail.heading)}</h1>
${paragraphs(mail.lines)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="border-radius:10px;background:#4f46e5">
<a href="${escapeHtml(mail.actionUrl)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(mail.actionText)}</a>
</td></tr></table>
${paragraphs(mail.outro ?? [])}
<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#64748b">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(mail.actionUrl)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(mail.actionUrl)}</a></p>
</td></tr>
<tr><td style="padding:20px 8px;font-size:12px;color:#94a3b8;text-align:center">&copy; ${mail.sentAt.getUTCFullYear()} ${escapeHtml(mail.appName)}</td></tr>
</table></td></tr></table></body></html>`;
  const text =
    [
      mail.appName,
      '',
      mail.heading,
      '',
      ...mail.lines,
      '',
      `${mail.actionText}: ${mail.actionUrl}`,
      '',
      ...(mail.outro ?? []),
    ]
      .join('\n')
      .trim() + '\n';
  return { html, text };
}
