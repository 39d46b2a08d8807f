import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function confirmDialog(props: { busy?: boolean } = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  renderWithProviders(
    <>
      <button type="button">Opener</button>
      <ConfirmDialog
        open
        onCancel={onCancel}
        onConfirm={onConfirm}
        title="Delete this?"
        description="It cannot be undone."
        confirmLabel="Delete"
        confirmTestId="confirm"
        {...props}
      />
    </>,
  );
  return { onCancel, onConfirm };
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title, with Cancel focused so Enter does nothing harmful', async () => {
    const { onCancel, onConfirm } = confirmDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with its own words, and Escape cancels', async () => {
    const { onCancel, onConfirm } = confirmDialog();
    await userEvent.click(screen.getByTestId('confirm'));
    expect(screen.getByTestId('confirm')).toHaveTextContent('Delete');
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('while busy, the confirm button spins and Cancel waits', () => {
    confirmDialog({ busy: true });
    expect(screen.getByTestId('confirm')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
