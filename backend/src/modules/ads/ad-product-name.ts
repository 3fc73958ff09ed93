import { contentLanguage, intlLocale } from '../../common/i18n/language';

/**
 * The ad checkout's line item, in the advertiser's language (Stripe shows it on its page and on
 * the receipt): 「広告 #1：クリック 3,000回」 / "Ad #1: 3,000 clicks" (issue 41, item 7).
 */
export function adProductName(ad: { id: number; type: number; target: number }, language: string | null | undefined): string {
  const lang = contentLanguage(language);
  const count = ad.target.toLocaleString(intlLocale(lang));
  if (lang === 'ja') return `広告 #${ad.id}：${ad.type === 0 ? '表示' : 'クリック'} ${count}回`;
  return `Ad #${ad.id}: ${count} ${ad.type === 0 ? 'views' : 'clicks'}`;
}
