import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { VisuallyHidden } from '@shop/ui/core';
import './announcer.css';

export type Politeness = 'polite' | 'assertive';
export type ToastTone = 'info' | 'error';
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface AnnouncerApi {
  /** Says something to screen-reader users without showing it. */
  announce: (message: string, politeness?: Politeness) => void;
  /** Shows a short message for a few seconds, and says it. */
  toast: (message: string, options?: { tone?: ToastTone }) => void;
}

const AnnouncerContext = createContext<AnnouncerApi | null>(null);

interface ProviderProps {
  children: ReactNode;
  /** How long a toast stays, in milliseconds. */
  toastDuration?: number;
  /** The timer the toasts use; tests pass a controllable one. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

const browserTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/**
 * Live regions that exist before anything is said in them (screen readers ignore regions
 * created together with their text), and the toasts shown over the page.
 */
export function AnnouncerProvider({ children, toastDuration = 5000, setTimer = browserTimer }: ProviderProps) {
  const [messages, setMessages] = useState<Record<Politeness, string>>({ polite: '', assertive: '' });
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, () => void>());

  const dismiss = useCallback((id: number) => {
    timers.current.get(id)?.();
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const announce = useCallback((message: string, politeness: Politeness = 'polite') => {
    // Clearing first makes a repeated message be read again.
    setMessages((current) => ({ ...current, [politeness]: '' }));
    queueMicrotask(() => setMessages((current) => ({ ...current, [politeness]: message })));
  }, []);

  const toast = useCallback(
    (message: string, { tone = 'info' }: { tone?: ToastTone } = {}) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, tone }]);
      timers.current.set(
        id,
        setTimer(() => dismiss(id), toastDuration),
      );
      announce(message, tone === 'error' ? 'assertive' : 'polite');
    },
    [announce, dismiss, setTimer, toastDuration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((cancel) => cancel());
  }, []);

  const api = useMemo(() => ({ announce, toast }), [announce, toast]);
  return (
    <AnnouncerContext.Provider value={api}>
      {children}
      <VisuallyHidden>
        <span role="status" aria-live="polite" aria-atomic="true" data-announcer="polite">
          {messages.polite}
        </span>
        <span role="alert" aria-live="assertive" aria-atomic="true" data-announcer="assertive">
          {messages.assertive}
        </span>
      </VisuallyHidden>
      {toasts.length > 0 && (
        <ul className="ui-toasts" aria-label="Notifications">
          {toasts.map((item) => (
            <li key={item.id} className={`ui-toast ui-toast--${item.tone}`}>
              <span>{item.message}</span>
              <button type="button" className="ui-toast__close" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </AnnouncerContext.Provider>
  );
}

/** announce() and toast() of the nearest AnnouncerProvider. */
export function useAnnouncer(): AnnouncerApi {
  const api = useContext(AnnouncerContext);
  if (!api) throw new Error('useAnnouncer needs an AnnouncerProvider above it');
  return api;
}
