/** A date and time in the user's language, Japan time (vouchers are paid in Japan). */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(
    new Date(iso),
  );
}

/** A date in the user's language, Japan time. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
}
