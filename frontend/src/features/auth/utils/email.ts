/** The spec's check for the forgot-password form: an address needs an "@" and a ".". */
export function looksLikeEmail(value: string): boolean {
  return value.includes('@') && value.includes('.');
}
