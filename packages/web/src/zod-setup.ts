import { z } from 'zod';

// The Content-Security-Policy has no 'unsafe-eval'. Without this, zod probes `new Function` while
// building object schemas, which the browser reports as a CSP violation. Must run before any schema
// is created, so main.tsx imports this module first.
z.config({ jitless: true });
