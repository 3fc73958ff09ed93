import { contentLanguage, type Language } from '../../common/i18n/language';

export type MailTemplate = 'verify-email' | 'reset-password' | 'account-exists' | 'finish-signup' | 'konbini-reminder' | 'purchase-refunded';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every mail's words, by template and language (the glossary test in frontend/src/i18n reads them). */
export const MAIL_TEXTS: Record<MailTemplate, Record<Language, { subject: string; lines: string[]; action: string }>> = {
  'verify-email': {
    en: {
      subject: 'Confirm your e-mail address',
      lines: ['Thank you for signing up to monobook.', 'Open the link below to confirm your e-mail address. It is valid for 3 days.'],
      action: 'Confirm e-mail address',
    },
    ja: {
      subject: 'メールアドレスの確認',
      lines: ['monobook にご登録いただきありがとうございます。', '下のリンクを開いてメールアドレスを確認してください。リンクの有効期限は3日間です。'],
      action: 'メールアドレスを確認する',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your password',
      lines: [
        'We received a request to reset your password.',
        'Open the link below within 1 hour to choose a new password. If you did not ask for this, ignore this mail.',
      ],
      action: 'Choose a new password',
    },
    ja: {
      subject: 'パスワードの再設定',
      lines: [
        'パスワード再設定のリクエストを受け付けました。',
        '1時間以内に下のリンクを開いて新しいパスワードを設定してください。心当たりがない場合はこのメールを無視してください。',
      ],
      action: '新しいパスワードを設定する',
    },
  },
  'finish-signup': {
    en: {
      subject: 'Finish signing up',
      lines: [
        'Someone asked to sign up again with this e-mail address, which is waiting to be confirmed.',
        'If it was you, open the link below within 1 hour and choose your password; this also confirms the address. If not, ignore this mail.',
      ],
      action: 'Choose a password',
    },
    ja: {
      subject: '登録を完了してください',
      lines: [
        'このメールアドレスで再度の新規登録が行われました（アドレスはまだ確認されていません）。',
        'ご本人の場合は、1時間以内に下のリンクを開いてパスワードを設定してください。メールアドレスの確認も同時に完了します。心当たりがない場合はこのメールを無視してください。',
      ],
      action: 'パスワードを設定する',
    },
  },
  'konbini-reminder': {
    en: {
      subject: 'Your konbini payment is due within 24 hours',
      lines: [
        'You chose to pay for a Book at a convenience store.',
        'The payment slip expires within 24 hours. Pay it at the store before then, or the purchase is cancelled. The link below shows the slip again.',
      ],
      action: 'Show the payment slip',
    },
    ja: {
      subject: 'コンビニ支払いの期限まであと24時間です',
      lines: [
        'Bookのお支払いにコンビニ決済をお選びいただきました。',
        'お支払い番号の有効期限は24時間以内です。期限までに店頭でお支払いください。期限を過ぎると購入は取り消されます。下のリンクから払込票をもう一度表示できます。',
      ],
      action: '払込票を表示する',
    },
  },
  'purchase-refunded': {
    en: {
      subject: 'A second payment for the same Book was refunded',
      lines: [
        'You paid twice for the same Book (two payment pages were completed). The Book is yours once; the second payment has been refunded in full.',
        'Card refunds usually appear within 5 to 10 days. The link below opens the Book.',
      ],
      action: 'Open the Book',
    },
    ja: {
      subject: '同じBookへの2回目のお支払いを返金しました',
      lines: [
        '同じBookに2回お支払いがありました（2つの決済ページで支払いが完了しました）。Bookの購入は1回分です。2回目のお支払いは全額返金しました。',
        'カードへの返金の反映には通常5〜10日かかります。下のリンクからBookを開けます。',
      ],
      action: 'Bookを開く',
    },
  },
  'account-exists': {
    en: {
      subject: 'You already have an account',
      lines: [
        'Someone tried to sign up with this e-mail address, which already has an account.',
        'If it was you, log in or reset your password from the link below.',
      ],
      action: 'Log in',
    },
    ja: {
      subject: 'アカウントはすでに登録されています',
      lines: [
        'このメールアドレスで新規登録が試みられましたが、すでにアカウントがあります。',
        'ご本人の場合は、下のリンクからログインするかパスワードを再設定してください。',
      ],
      action: 'ログインする',
    },
  },
};

/** The site's name, as the UI writes it: every subject starts with it, so the mail says where it is from. */
export const SITE_NAME = 'monobook';
const subjectOf = (lang: Language, subject: string) => (lang === 'ja' ? `【${SITE_NAME}】${subject}` : `${SITE_NAME}: ${subject}`);

export function renderMail(template: MailTemplate, language: string, link: string): Rendered {
  const lang = contentLanguage(language);
  const t = MAIL_TEXTS[template][lang];
  const text = [...t.lines, '', link, ''].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.7">${t.lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(link)}</p></body></html>`;
  return { subject: subjectOf(lang, t.subject), text, html };
}
