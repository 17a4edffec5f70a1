/** The server from its sources (`node packages/server/src/main.ts`); production runs the bundle (start.ts). */
import { setFlagsFromString } from 'node:v8';
import { RUNTIME_FLAGS } from './platform/node-flags.ts';
import { serve } from './serve.ts';

// The bundle sets these once started (start.ts says why); the sources, compiled at every start, at once.
for (const flag of RUNTIME_FLAGS) setFlagsFromString(flag);
await serve(process.argv.slice(2), process.env);
