import { Notice } from '@shop/ui';
import { type ReactNode, createContext, useCallback, useContext, useState } from 'react';

const ReportContext = createContext<(message: string) => void>(() => undefined);

/**
 * The admin's results: one polite live region, there before anything is said in it, showing the
 * outcome of the last request that succeeded. Failures stay beside the form that sent them.
 */
export function ResultRegion({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const report = useCallback((next: string) => {
    // Cleared first, so the same outcome twice is read twice.
    setMessage('');
    queueMicrotask(() => setMessage(next));
  }, []);
  return (
    <ReportContext.Provider value={report}>
      <div role="status" aria-live="polite" aria-atomic="true" className="admin-result" data-testid="admin-result">
        {message && <Notice tone="success">{message}</Notice>}
      </div>
      {children}
    </ReportContext.Provider>
  );
}

/** Says (and shows) what a request that succeeded did. Never call it before the answer is in. */
export const useReportResult = () => useContext(ReportContext);
