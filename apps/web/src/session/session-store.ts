/**
 * Session state (docs/product.md §3). Persisted fields live in localStorage through zustand `persist`;
 * the rest (wallet loaded/connected, load flags) is kept in memory only.
 */
import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import type { Chain, User } from '@kingdom/api';
import { rememberLastWallet } from './last-wallet.ts';

/** Session fields kept in browser local storage (docs/product.md §3). */
export interface PersistedSession {
  isAuth: boolean;
  token: string;
  /** Chain of the signed-in wallet: 'cardano' | 'solana' | '' when none. */
  walletType: Chain | '';
  walletAddress: string;
  walletHandle: string;
  selectedLand: string;
  /** Wallet extension key, e.g. `eternl`, `phantom` or `demo`. */
  walletApiName: string;
  userAvatar: string;
  userId: number | null;
  userName: string;
  userType: string;
  solanaWalletType: string;
  isHD: boolean;
}

/** In-memory session flags (docs/product.md §3 "non-persisted state"). */
export interface VolatileSession {
  walletLoaded: boolean;
  landOwner: boolean;
  isCardano: boolean;
  /** True while a logout is on its way to the landing page (protected pages must not bounce to /login). */
  signingOut: boolean;
}

/** What a successful sign-in hands to the store. */
export interface SignInPayload {
  token: string;
  user: User;
  chain: Chain;
  address: string;
  walletApiName: string;
  solanaWalletType?: string;
  /** Signed in with a hardware wallet, by a signed transaction (the spec's HD flag). */
  isHD?: boolean;
}

export interface SessionActions {
  signIn(payload: SignInPayload): void;
  /**
   * The user as the server answers it. The server holds the session's active wallet
   * (`connect_wallet`, docs/product.md §4): when it is not the page's wallet (disconnected on the
   * server, or another wallet connected elsewhere), the page's wallet fields are cleared — the page
   * shows the server's truth, and the handle goes with the wallet.
   */
  setUser(user: User): void;
  setWalletLoaded(loaded: boolean): void;
  setSelectedLand(hexName: string): void;
  /** Wallet disconnect alone (docs/product.md §4): address, type, API name, handle and HD flag. */
  disconnectWallet(): void;
  /**
   * Connects a wallet of the account to the session again (docs/product.md §2 `/connect/:type`, e.g. after
   * {@link disconnectWallet}): its chain, address and API name; the session itself is unchanged.
   */
  connectWallet(wallet: { chain: Chain; address: string; walletApiName: string; solanaWalletType?: string; isHD?: boolean }): void;
  /** Logout (docs/product.md §4): token, auth flag, wallet data and user fields. */
  clear(): void;
  /** {@link clear}, marking that the user signed out (until the next sign-in). */
  beginSignOut(): void;
}

export type SessionState = PersistedSession & VolatileSession & SessionActions;

const EMPTY_PERSISTED: PersistedSession = {
  isAuth: false,
  token: '',
  walletType: '',
  walletAddress: '',
  walletHandle: '',
  selectedLand: '',
  walletApiName: '',
  userAvatar: '',
  userId: null,
  userName: '',
  userType: '',
  solanaWalletType: '',
  isHD: false,
};

const EMPTY_VOLATILE: VolatileSession = { walletLoaded: false, landOwner: false, isCardano: false, signingOut: false };

/** localStorage key of the persisted session. */
export const SESSION_STORAGE_KEY = 'kingdom-session';

function userFields(user: User): Partial<SessionState> {
  return {
    userName: user.user_name,
    userId: user.user_id,
    userAvatar: user.user_avatar ?? '',
    userType: user.type,
    landOwner: user.land_owner,
    isCardano: user.is_cardano,
    // the ADA Handle of the session's wallet (docs/product.md §3 wallet handle); '' when none (or an older server)
    walletHandle: user.wallet_handle ?? '',
  };
}

/** The wallet fields of a session without a wallet (docs/product.md §4 "Wallet disconnect alone"). */
const NO_WALLET = { walletAddress: '', walletType: '', walletApiName: '', walletHandle: '', isHD: false, walletLoaded: false } as const;

/** {@link userFields}, with the page's wallet following the server's active wallet. */
function userWithWallet(s: SessionState, user: User): Partial<SessionState> {
  const fields = userFields(user);
  if (s.walletAddress !== '' && user.connect_wallet !== s.walletAddress) return { ...fields, ...NO_WALLET };
  if (s.walletAddress === '') return { ...fields, walletHandle: '' };
  return fields;
}

/** The session store. Read outside React with `useSession.getState()`. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...EMPTY_PERSISTED,
      ...EMPTY_VOLATILE,
      signIn: ({ token, user, chain, address, walletApiName, solanaWalletType, isHD }) => {
        rememberLastWallet(user.user_id, { chain, apiName: walletApiName, hardware: isHD === true });
        set({
          isAuth: true,
          token,
          walletType: chain,
          walletAddress: address,
          walletApiName,
          solanaWalletType: chain === 'solana' ? (solanaWalletType ?? walletApiName) : '',
          walletHandle: '',
          isHD: isHD === true,
          walletLoaded: true,
          signingOut: false,
          ...userFields(user),
        });
      },
      setUser: (user) => set((s) => userWithWallet(s, user)),
      setWalletLoaded: (walletLoaded) => set({ walletLoaded }),
      setSelectedLand: (selectedLand) => set({ selectedLand }),
      disconnectWallet: () => set({ ...NO_WALLET }),
      connectWallet: ({ chain, address, walletApiName, solanaWalletType, isHD }) =>
        set((s) => {
          rememberLastWallet(s.userId, { chain, apiName: walletApiName, hardware: isHD === true });
          return {
            walletType: chain, walletAddress: address, walletApiName, walletLoaded: true, isHD: isHD === true, walletHandle: '',
            solanaWalletType: chain === 'solana' ? (solanaWalletType ?? walletApiName) : '',
          };
        }),
      clear: () => set({ ...EMPTY_PERSISTED, ...EMPTY_VOLATILE }),
      beginSignOut: () => set({ ...EMPTY_PERSISTED, ...EMPTY_VOLATILE, signingOut: true }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): PersistedSession => ({
        isAuth: s.isAuth,
        token: s.token,
        walletType: s.walletType,
        walletAddress: s.walletAddress,
        walletHandle: s.walletHandle,
        selectedLand: s.selectedLand,
        walletApiName: s.walletApiName,
        userAvatar: s.userAvatar,
        userId: s.userId,
        userName: s.userName,
        userType: s.userType,
        solanaWalletType: s.solanaWalletType,
        isHD: s.isHD,
      }),
    },
  ),
);

/** Authenticated means a token is present (docs/product.md §4). */
export function selectIsAuthenticated(s: SessionState): boolean {
  return s.isAuth && s.token !== '';
}

/** A wallet counts as connected when API name, address and type are all non-empty (docs/product.md §3). */
export function selectWalletConnected(s: SessionState): boolean {
  return s.walletApiName !== '' && s.walletAddress !== '' && s.walletType !== '';
}
