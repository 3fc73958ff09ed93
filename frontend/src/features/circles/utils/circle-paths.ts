/** The circle's screens; the invitation URL is /communitylogin/{id}. */
export const circlePaths = {
  thread: (id: number) => `/communitypage/${id}`,
  books: (id: number) => `/communitypagebook/${id}`,
  members: (id: number) => `/communitypagemember/${id}`,
  waiting: (id: number) => `/communitypagewaiting/${id}`,
  login: (id: number) => `/communitylogin/${id}`,
};

export function invitationUrl(id: number, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}${circlePaths.login(id)}`;
}

/** Circle descriptions are cut to 20 characters on cards (spec §9). */
export function shortDescription(text: string, limit = 20): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text;
}
