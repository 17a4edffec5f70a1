import { useMemo } from 'react';
import type { RecordViews } from '../record-columns';
import { parseSearchFilter } from '../search-filter';
import { highlightTerms } from './highlight';
import type { ViewModes } from './view-switch';

/** The modes chosen and the words of the key and value searches, to mark in the cells. */
export function useRecordViews(
  modes: ViewModes,
  searchByKey: string | undefined,
  searchByValue: string | undefined,
): RecordViews {
  return useMemo(
    () => ({
      key: { mode: modes.key, terms: highlightTerms(parseSearchFilter(searchByKey)) },
      value: { mode: modes.value, terms: highlightTerms(parseSearchFilter(searchByValue)) },
    }),
    [modes, searchByKey, searchByValue],
  );
}
