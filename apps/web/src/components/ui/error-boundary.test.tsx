import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render failed');
  return <p>All good</p>;
}

function Harness() {
  const [key, setKey] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setKey((k) => k + 1)}>
        navigate
      </button>
      <ErrorBoundary resetKey={key}>
        <Fragile />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong' with Retry and Go Home; Retry renders again", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('We encountered an error while loading this page. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('clears the error when the reset key changes', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'navigate' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
