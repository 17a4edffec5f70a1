import { useCallback, useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../api/storage';

/** The side menu's expanded flag, remembered in browser storage (spec part 2 §2). */
export function useMenuExpanded(): [boolean, () => void] {
  const [expanded, setExpanded] = useState(() => readStorage('local', storageKeys.menuExpanded) !== 'false');
  const toggle = useCallback(() => {
    setExpanded((current) => {
      writeStorage('local', storageKeys.menuExpanded, String(!current));
      return !current;
    });
  }, []);
  return [expanded, toggle];
}
