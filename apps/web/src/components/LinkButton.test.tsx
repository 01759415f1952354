import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LinkButton } from './LinkButton';

afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LinkButton to="/register?from=home">供应商注册</LinkButton> },
      { path: '/register', element: <p>注册页</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LinkButton', () => {
  it('is one link with the route as its address, not a button inside a link', () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: '供应商注册' });
    expect(link.getAttribute('href')).toBe('/register?from=home');
    expect(link.className).toContain('ant-btn');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('goes to the route in the app on a plain click', async () => {
    const router = renderAt('/');
    fireEvent.click(screen.getByRole('link', { name: '供应商注册' }));
    await screen.findByText('注册页');
    expect(router.state.location.search).toBe('?from=home');
  });

  it('leaves a Ctrl-click to the browser (a new tab)', () => {
    const router = renderAt('/');
    const link = screen.getByRole('link', { name: '供应商注册' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(click);
    expect(router.state.location.pathname).toBe('/');
    expect(click.defaultPrevented).toBe(false);
  });
});
