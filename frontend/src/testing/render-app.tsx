import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { preloadRoutes, routes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { TOKEN_KEY } from '@/lib/token-storage';

// Route chunks are lazy in the app; here they load once, before any test renders.
await preloadRoutes();

type Options = { token?: string };

/** Renders the whole app at `path` (under StrictMode, as in development), as a user would open it. */
export function renderApp(path: string, { token }: Options = {}) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, user, router, store };
}
