import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Drawer, Modal } from './dialog';

function Harness({ kind = 'modal' }: { kind?: 'modal' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const Dialog = kind === 'modal' ? Modal : Drawer;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Size guide">
        <a href="#chart">Chart</a>
        <button type="button">Last</button>
      </Dialog>
    </>
  );
}

const openIt = () => {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe.each(['modal', 'drawer'] as const)('%s', (kind) => {
  it('is a labelled modal dialog and moves focus into it', () => {
    render(<Harness kind={kind} />);
    openIt();
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on Escape and gives focus back to what opened it', () => {
    render(<Harness kind={kind} />);
    const opener = openIt();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness kind={kind} />);
    openIt();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes with its close button', () => {
    render(<Harness kind={kind} />);
    openIt();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
