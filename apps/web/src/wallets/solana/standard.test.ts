import { describe, expect, it } from 'vitest';
import { clusterChainId, detectSolanaWallets, isMobileBrowser, walletDeepLink } from './standard.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('Solana wallet readiness (docs/product.md §3: Installed, NotDetected, Loadable, Unsupported)', () => {
  it('Loadable on a phone without the wallet, with the link that opens this page in its app; NotDetected on a desktop', () => {
    const place = { href: 'https://kingdom.example/login?x=1', userAgent: PHONE };
    const phone = detectSolanaWallets(place);
    const phantom = phone.find((o) => o.label === 'Phantom')!;
    expect(phantom.readyState).toBe('Loadable');
    expect(phantom.deepLink).toBe('https://phantom.app/ul/browse/https%3A%2F%2Fkingdom.example%2Flogin%3Fx%3D1?ref=https%3A%2F%2Fkingdom.example');
    expect(phone.find((o) => o.label === 'Solflare')!.readyState).toBe('Loadable');
    // a wallet without an in-app browser link stays NotDetected, with its install page
    const backpack = phone.find((o) => o.label === 'Backpack')!;
    expect(backpack.readyState).toBe('NotDetected');
    expect(backpack.deepLink).toBeUndefined();
    const desktop = detectSolanaWallets({ ...place, userAgent: DESKTOP });
    expect(desktop.find((o) => o.label === 'Phantom')!.readyState).toBe('NotDetected');
    expect(desktop.every((o) => o.deepLink === undefined)).toBe(true);
  });

  it('knows phones, deep links and chain ids', () => {
    expect(isMobileBrowser(PHONE)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe(true);
    expect(isMobileBrowser(DESKTOP)).toBe(false);
    expect(walletDeepLink('Glow', 'https://a.example/')).toBeUndefined();
    expect(clusterChainId('mainnet-beta')).toBe('solana:mainnet');
    expect(clusterChainId('devnet')).toBe('solana:devnet');
  });
});
