/** Public URL of an image served by MediaController (/media/<key>), or null. */
export function mediaUrl(publicUrl: string, key: string | null | undefined): string | null {
  return key ? `${publicUrl}/media/${key}` : null;
}
