/** A Wallet Standard Solana wallet reduced to {@link SolanaSigner}: connect, sign a message, disconnect. */
import type { SolanaSigner } from '../types.ts';
import { CONNECT, DISCONNECT, SIGN_MESSAGE, canSignIn, registered, solanaApiName, type ConnectFeature, type DisconnectFeature, type SignMessageFeature, type StdAccount } from './standard.ts';

/** The registered Wallet Standard wallet for `apiName` as a {@link SolanaSigner}, if any. */
export function getStandardSolanaSigner(apiName: string): SolanaSigner | undefined {
  const w = registered().find((f) => solanaApiName(f.name) === apiName);
  if (!w || !canSignIn(w)) return undefined;
  let account: StdAccount | undefined;
  return {
    name: w.name,
    icon: w.icon,
    async connect() {
      const { accounts } = await (w.features[CONNECT] as ConnectFeature).connect();
      account = accounts.find((a) => a.features.includes(SIGN_MESSAGE)) ?? accounts[0];
      if (!account) throw new Error('No account');
      return account.address;
    },
    async signMessage(message) {
      if (!account) throw new Error('Not connected');
      const [out] = await (w.features[SIGN_MESSAGE] as SignMessageFeature).signMessage({ account, message });
      if (!out) throw new Error('No signature');
      return out.signature;
    },
    async disconnect() {
      account = undefined;
      const f = w.features[DISCONNECT] as DisconnectFeature | undefined;
      await f?.disconnect();
    },
  };
}
