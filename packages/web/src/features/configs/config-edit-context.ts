import type { ConfigEntry } from '@console/contract';
import { createContext, useContext } from 'react';
import type { ConfigChanges } from './config-changes';

export type ConfigEdit = {
  editable: boolean;
  changes: ConfigChanges;
  change: (config: ConfigEntry, value: string) => void;
};

/**
 * Edits reach the value cells through context, so the table's columns stay the same objects while the
 * user types and an input never remounts (and loses focus) on a keystroke.
 */
export const ConfigEditContext = createContext<ConfigEdit>({
  editable: false,
  changes: {},
  change: () => {},
});

export function useConfigEdit(): ConfigEdit {
  return useContext(ConfigEditContext);
}
