import { z } from 'zod';

/** A regular expression from the config (never from a request): checked at start so a bad one names its key. */
export const regex = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);
