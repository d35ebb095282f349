/** App-wide, non-persisted status: maintenance mode (set by /config or a 503 MAINTENANCE answer). */
import { create } from 'zustand';

export interface AppStatus {
  maintenance: boolean;
  setMaintenance(on: boolean): void;
}

export const useAppStatus = create<AppStatus>()((set) => ({
  maintenance: false,
  setMaintenance: (maintenance) => set({ maintenance }),
}));
