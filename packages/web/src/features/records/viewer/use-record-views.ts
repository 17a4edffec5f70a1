import { useMemo } from 'react';
import { parseSearchFilter } from '../search/search-filter';
import type { RecordViews } from '../table/record-columns';
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
