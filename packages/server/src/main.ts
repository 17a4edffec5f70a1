/** The server from its sources (`node packages/server/src/main.ts`); production runs the bundle (start.ts). */
import { serve } from './serve.ts';

await serve(process.argv.slice(2), process.env);
