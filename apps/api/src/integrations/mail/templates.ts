import { escapeHtml, type MailMessage } from './mailer.js';

export function passwordResetMail(user: { name: string; email: string }, url: string): MailMessage {
  const name = user.name || 'there';
  return {
    to: user.email,
    subject: 'Reset your StayBook password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:\n\n${url}\n\nThe link works once. If you did not ask for this, ignore this mail: your password stays as it is.\n\nStayBook`,
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your StayBook account. To choose a new one, open this link within an hour:</p>
<p><a href="${escapeHtml(url)}">Reset my password</a></p>
<p>The link works once. If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>StayBook</p>`,
  };
}
