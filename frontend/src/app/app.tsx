import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './router';
import { createAppStore, type AppStore } from './store';

/** `store`: one made before the first render (main.tsx asks for the first screen's data in it). */
export function App({ store: made }: { store?: AppStore }) {
  const [store] = useState(() => made ?? createAppStore());
  const [router] = useState(() => createBrowserRouter(routes));
  // Once the app has rendered (or hydrated the server's HTML) its buttons answer: marked on the
  // document for the browser journeys, which act on a server-rendered page only from then on.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
