/**
 * Lets other requests and timers run; a scan's filter work never holds the event loop long. Apart from
 * record-filter.ts so that a scan loads the CEL library only when a request has a filter.
 */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
