/** Sends the browser to Stripe (a page outside the app); tests replace this module. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
