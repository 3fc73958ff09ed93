import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './router';
import { createAppStore } from './store';

export function App() {
  const [store] = useState(createAppStore);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
