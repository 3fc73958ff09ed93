import { renderHook } from '@testing-library/react';

// The app loads the catalogue at the first interaction; a one-click act can answer before that
// load finishes. The API layer waits for it on an error answer, and a translate function taken
// from a render before the load still translates afterwards.
describe('server messages met before their translations have loaded', () => {
  beforeEach(() => vi.resetModules());

  it('an error answer brings the translations before the call settles', async () => {
    // Fresh modules: the catalogue of this module instance has not loaded (the set-up loaded another's).
    const { i18n, loadLanguage } = await import('@/i18n');
    await loadLanguage('ja');
    const hook = await import('@/hooks/use-server-message');
    const { baseApi } = await import('@/api/base-api');
    const { parseApiError } = await import('@/utils/api-error');
    const { configureStore } = await import('@reduxjs/toolkit');
    await i18n.changeLanguage('ja');
    const { result } = renderHook(() => hook.useServerMessage());
    const translateTakenEarly = result.current;

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Email or password is not correct!', code: 'loginFailed' }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const api = baseApi.injectEndpoints({
      endpoints: (build) => ({ tryLogin: build.mutation<unknown, void>({ query: () => ({ url: '/api/user/login/', method: 'POST' }) }) }),
    });
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (d) => d().concat(baseApi.middleware) });
    const answer = await store.dispatch(api.endpoints.tryLogin.initiate());
    const [message] = parseApiError((answer as { error?: unknown }).error).messages;

    expect(translateTakenEarly(message)).toBe(String(i18n.t('messages.emailOrPasswordIncorrect')));
    expect(translateTakenEarly(message)).not.toBe(String(i18n.t('common.errorGeneric')));
  });
});
