/**
 * The intro and how-to videos of the help screens (INTRO_VIDEO_URL_*, HOWTO_VIDEO_URL_*). A
 * configured URL is turned into something a browser can play without surprises: a YouTube or
 * Vimeo link becomes the provider's embeddable player (YouTube through youtube-nocookie.com), a
 * URL of a video file is played by the page's own <video>. Anything else stops the server at
 * start (ConfigError): a page that cannot be framed would show a broken player.
 */
export interface PlayableVideo {
  /** `embed`: an <iframe> of the provider's player; `file`: a <video> element. */
  kind: 'embed' | 'file';
  src: string;
}

const FILE_EXTENSIONS = /\.(mp4|m4v|webm|ogv|mov)$/i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    id = first === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live'].includes(first) ? second : undefined;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

function vimeoId(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return undefined;
  const id = url.pathname
    .split('/')
    .filter(Boolean)
    .find((part) => /^\d{1,12}$/.test(part));
  return id;
}

const isLocal = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** A playable form of `raw`, or a reason it is not one (for the configuration error). */
export function playableVideo(raw: string): PlayableVideo | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocal(url))) return 'must be an https URL';
  const youtube = youtubeId(url);
  if (youtube) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo}` };
  if (FILE_EXTENSIONS.test(url.pathname)) return { kind: 'file', src: url.href };
  return 'must be a YouTube or Vimeo link, or the URL of an .mp4, .m4v, .webm, .ogv or .mov file';
}

/** The origins the Content-Security-Policy must allow for the configured videos. */
export function videoSources(videos: Iterable<PlayableVideo | undefined>): { frames: string[]; media: string[] } {
  const frames = new Set<string>();
  const media = new Set<string>();
  for (const video of videos) {
    if (!video) continue;
    (video.kind === 'embed' ? frames : media).add(new URL(video.src).origin);
  }
  return { frames: [...frames], media: [...media] };
}
