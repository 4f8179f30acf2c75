import { create } from 'zustand';
import { DEFAULT_THEME_MODE, DEFAULT_USER_TYPE, THEME_MODES, type ThemeMode } from '@portal/shared/constants';
import { readPreferences, writePreferences } from '../lib/storage';

/** `_appPreferences` as the other products read it (docs/portal-and-products.md#browser-storage). */
export interface AppPreferences {
  themeName: string;
  mode: ThemeMode;
  sidebarCollapsed: boolean;
  userType: string;
}

interface PreferencesState extends AppPreferences {
  setMode(mode: ThemeMode): void;
  toggleMode(): void;
  setSidebarCollapsed(collapsed: boolean): void;
}

const DEFAULT_THEME_NAME = 'default';

function loadPreferences(): AppPreferences {
  const stored = readPreferences();
  return {
    themeName: typeof stored.themeName === 'string' ? stored.themeName : DEFAULT_THEME_NAME,
    mode: (THEME_MODES as readonly unknown[]).includes(stored.mode) ? (stored.mode as ThemeMode) : DEFAULT_THEME_MODE,
    sidebarCollapsed: typeof stored.sidebarCollapsed === 'boolean' ? stored.sidebarCollapsed : false,
    userType: typeof stored.userType === 'string' ? stored.userType : DEFAULT_USER_TYPE,
  };
}

export const usePreferences = create<PreferencesState>()((set) => ({
  ...loadPreferences(),
  setMode: (mode) => set({ mode }),
  toggleMode: () => set((state) => ({ mode: state.mode === 'dark' ? 'light' : 'dark' })),
  setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
}));

// Written as a plain object rather than zustand's `{ state, version }` wrapper, because other
// products read the same key.
usePreferences.subscribe(({ themeName, mode, sidebarCollapsed, userType }) =>
  writePreferences({ themeName, mode, sidebarCollapsed, userType }),
);
