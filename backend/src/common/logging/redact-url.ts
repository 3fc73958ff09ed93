/**
 * Credentials that travel in URLs, kept out of the logs: the `token` of signed download links
 * (`/api/user/files/{id}/content?token=…`, valid for minutes) and the keys of mailed links
 * (`/verify/{id}/{key}`, `/reset-password/{id}/{key}`: the app pages, served by this server).
 */
const SECRET_QUERY = /([?&](?:token|key)=)[^&#]*/gi;
const SECRET_PATH = /^(\/(?:verify|reset-password)\/[^/?#]*\/)[^/?#]+/;

export const REDACTED = '[REDACTED]';

/** The URL with the values of credentials replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  if (!url.includes('?') && !url.startsWith('/verify/') && !url.startsWith('/reset-password/')) return url;
  return url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}
