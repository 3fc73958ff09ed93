import { MAX_WAIT_MS, QUIET_MS } from './web-font';

// A fresh module each time (the style sheet is attached once per page).
const fresh = async () => {
  vi.resetModules();
  return (await import('./web-font')).loadWebFontAfterFirstScreen;
};

/**
 * Noto Sans JP's style sheet is attached only after the first screen: not before the window's
 * load event, not while the app waits for route code or API answers or an image on screen is
 * loading; then once.
 */
describe('the web font after the first screen', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  const fireLoad = () => {
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
  };

  it('waits for the load event, then for a quiet moment, and attaches the style sheet once', async () => {
    const loadWebFontAfterFirstScreen = await fresh();
    const load = vi.fn(() => Promise.resolve());
    loadWebFontAfterFirstScreen(() => false, load);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).not.toHaveBeenCalled();
    fireLoad();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 200);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits while the app is busy and while an image on screen loads', async () => {
    const loadWebFontAfterFirstScreen = await fresh();
    const load = vi.fn(() => Promise.resolve());
    let busy = true;
    const img = document.createElement('img');
    document.body.append(img);
    let complete = false;
    vi.spyOn(img, 'complete', 'get').mockImplementation(() => complete);
    vi.spyOn(img, 'getBoundingClientRect').mockReturnValue({
      top: 10,
      bottom: 200,
      left: 0,
      right: 300,
      width: 300,
      height: 190,
      x: 0,
      y: 10,
      toJSON: () => ({}),
    });
    loadWebFontAfterFirstScreen(() => busy, load);
    fireLoad();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(load).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(load).not.toHaveBeenCalled(); // the image is still loading
    complete = true;
    await vi.advanceTimersByTimeAsync(QUIET_MS + 200);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on a page that never rests', async () => {
    const loadWebFontAfterFirstScreen = await fresh();
    const load = vi.fn(() => Promise.resolve());
    loadWebFontAfterFirstScreen(() => true, load);
    fireLoad();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 500);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
