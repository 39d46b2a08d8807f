import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from './use-modal.ts';

function Modal({ onClose, onKey }: { onClose: () => void; onKey: (event: KeyboardEvent) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const second = useRef<HTMLButtonElement>(null);
  useModal(box, { onClose, onKey, initialFocus: second });
  return (
    <div ref={box} role="dialog" aria-label="Modal">
      <button type="button" tabIndex={-1}>
        Backdrop
      </button>
      <button type="button">First</button>
      <button type="button" ref={second}>
        Second
      </button>
      <button type="button">Third</button>
    </div>
  );
}

function Page({ onKey = () => {} }: { onKey?: (event: KeyboardEvent) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Modal onClose={() => setOpen(false)} onKey={onKey} />}
    </>
  );
}

describe('useModal', () => {
  it('moves focus in, keeps Tab inside (past tabindex -1), and holds the page still', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Third' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Third' })).toHaveFocus();
  });

  it('closes on Escape and gives focus and scrolling back; other keys go to onKey', async () => {
    const onKey = vi.fn();
    render(<Page onKey={onKey} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.keyboard('{ArrowRight}');
    expect(onKey).toHaveBeenCalledWith(expect.objectContaining({ key: 'ArrowRight' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    expect(onKey).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });
});
