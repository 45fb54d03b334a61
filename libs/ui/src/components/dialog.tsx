import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names';
import './dialog.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('inert'));

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Focused when the dialog opens; by default the first focusable element inside it. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  className?: string;
}

/**
 * The shared behaviour of Modal and Drawer: role=dialog with aria-modal and a labelled title,
 * focus moved in on open, kept in with Tab/Shift+Tab, Escape closes, and focus goes back to
 * whatever had it before.
 */
function Dialog({
  open,
  onClose,
  title,
  children,
  initialFocus,
  closeLabel = 'Close',
  className,
  kind,
}: DialogProps & { kind: 'modal' | 'drawer' | 'drawer-left' }) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) (initialFocus?.current ?? focusables(root)[0] ?? root).focus();
    return () => before?.focus();
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const drawer = kind !== 'modal';
  return createPortal(
    <div
      className={cx(
        'ui-dialog-backdrop',
        drawer && 'ui-dialog-backdrop--drawer',
        kind === 'drawer-left' && 'ui-dialog-backdrop--drawer-left',
      )}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx('ui-dialog', drawer ? 'ui-dialog--drawer' : 'ui-dialog--modal', className)}
        onKeyDown={onKeyDown}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={() => close.current()}>
            ×
          </button>
        </div>
        <div className="ui-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A centred modal dialog. */
export function Modal(props: DialogProps) {
  return <Dialog {...props} kind="modal" />;
}

/** A panel sliding in from the side (the mini cart, filters on a phone): a modal dialog too. */
export function Drawer({ side = 'right', ...props }: DialogProps & { side?: 'left' | 'right' }) {
  return <Dialog {...props} kind={side === 'left' ? 'drawer-left' : 'drawer'} />;
}
