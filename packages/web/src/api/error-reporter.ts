import { createContext, useContext } from 'react';

/**
 * Reports a failure that no query or mutation carries (a live stream's error) as the query client reports
 * its own: once, by kind (api/error-policy.ts).
 */
export const ErrorReporter = createContext<((error: unknown) => void) | null>(null);

export function useReportError(): (error: unknown) => void {
  const report = useContext(ErrorReporter);
  if (!report) throw new Error('useReportError needs an ErrorReporter');
  return report;
}
