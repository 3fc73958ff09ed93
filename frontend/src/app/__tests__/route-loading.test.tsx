import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RouteLoading } from '../router';

describe('a route whose code is still downloading', () => {
  afterEach(() => {
    document.title = '';
  });

  it('names a Book that is on its way in the tab, not just the site', async () => {
    render(
      <MemoryRouter initialEntries={['/mono/12']}>
        <RouteLoading />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('Loading the Book… — monobook'));
  });

  it('leaves the title alone elsewhere', () => {
    document.title = 'Home — monobook';
    render(
      <MemoryRouter initialEntries={['/home']}>
        <RouteLoading />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Home — monobook');
  });
});
