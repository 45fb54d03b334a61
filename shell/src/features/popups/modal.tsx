import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/** An accessible modal dialog on the native <dialog> element (focus trap, Esc, backdrop click). */
export function Modal({ label, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal__header">
        <span id={titleId} className="modal__title">
          {label}
        </span>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
