import { create } from 'zustand';
import type { Personalization } from '@portal/shared/api/personalization';
import { readEnterpriseConfig } from '../lib/storage';

interface BrandingState {
  /** The company branding in effect (favicon, page title, brand mark); null: the platform's own. */
  personalization: Personalization | null;
  setPersonalization(personalization: Personalization): void;
  clear(): void;
}

export const useBranding = create<BrandingState>()((set) => ({
  // The stored copy keeps the company's title and icon across a reload, before the query answers.
  personalization: readEnterpriseConfig(),
  setPersonalization: (personalization) => set({ personalization }),
  clear: () => set({ personalization: null }),
}));
