import { useCallback, useState, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../../api/storage';

/** Below this width the menu starts collapsed whatever was stored. */
const NARROW = '(max-width: 1279px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isNarrow = () => window.matchMedia(NARROW).matches;

/**
 * The side menu's expanded flag, remembered in browser storage (docs/behaviour.md#menu-and-routes). Below
 * 1280 px it collapses by itself; opening it there lasts until the width changes and is not remembered.
 */
export function useMenuExpanded(): [boolean, () => void] {
  const narrow = useSyncExternalStore(subscribe, isNarrow);
  const [stored, setStored] = useState(() => readStorage('local', storageKeys.menuExpanded) !== 'false');
  const [openNarrow, setOpenNarrow] = useState({ open: false, narrow });
  const narrowOpen = openNarrow.narrow === narrow && openNarrow.open;
  const toggle = useCallback(() => {
    if (isNarrow()) {
      setOpenNarrow((current) => ({ open: !(current.narrow && current.open), narrow: true }));
      return;
    }
    setStored((current) => {
      writeStorage('local', storageKeys.menuExpanded, String(!current));
      return !current;
    });
  }, []);
  return [narrow ? narrowOpen : stored, toggle];
}
