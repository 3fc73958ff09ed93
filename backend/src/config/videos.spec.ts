import { helmetOptionsFor } from '../bootstrap';
import { securityHeaders } from '../common/http/security-headers';
import { ConfigError, loadConfig } from './config';
import { playableVideo } from './videos';

describe('help videos (INTRO_VIDEO_URL_*, HOWTO_VIDEO_URL_*)', () => {
  it('plays YouTube and Vimeo links in their embeddable players, video files in <video>', () => {
    const embed = { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    expect(playableVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual(embed);
    expect(playableVideo('https://youtu.be/dQw4w9WgXcQ')).toEqual(embed);
    expect(playableVideo('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(embed);
    expect(playableVideo('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual(embed);
    expect(playableVideo('https://vimeo.com/76979871')).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/76979871' });
    expect(playableVideo('https://cdn.example.com/howto-ja.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/howto-ja.mp4' });
    expect(playableVideo('http://localhost:8080/intro.webm')).toEqual({ kind: 'file', src: 'http://localhost:8080/intro.webm' });
  });

  it('stops the server on a URL no player can show', () => {
    expect(playableVideo('https://example.com/page')).toMatch(/YouTube or Vimeo/);
    expect(playableVideo('http://cdn.example.com/a.mp4')).toBe('must be an https URL');
    expect(playableVideo('https://www.youtube.com/watch')).toMatch(/YouTube or Vimeo/);
    expect(() => loadConfig({ HOWTO_VIDEO_URL_EN: 'https://example.com/page' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOWTO_VIDEO_URL_EN: 'https://example.com/page' })).toThrow(/^HOWTO_VIDEO_URL_EN must be a YouTube or Vimeo link/);
  });

  it('opens the Content-Security-Policy to the configured players only', () => {
    const csp = (env: Record<string, string>) => String(securityHeaders(helmetOptionsFor(loadConfig(env)))['Content-Security-Policy']);
    expect(csp({})).not.toMatch(/frame-src|media-src/);
    const withVideos = csp({ INTRO_VIDEO_URL_JA: 'https://youtu.be/dQw4w9WgXcQ', HOWTO_VIDEO_URL_EN: 'https://cdn.example.com/howto.mp4' });
    expect(withVideos).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(withVideos).toContain("media-src 'self' https://cdn.example.com");
    const withGoogle = csp({ GOOGLE_CLIENT_ID: 'id', HOWTO_VIDEO_URL_JA: 'https://vimeo.com/1' });
    expect(withGoogle).toContain("frame-src 'self' https://accounts.google.com/gsi/ https://player.vimeo.com");
    expect(withGoogle).toContain("script-src 'self' https://accounts.google.com/gsi/client");
  });
});
