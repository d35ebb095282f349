/**
 * The Valley end to end in headless Chromium (docs/game-rules.md §2.1): a visitor opens `/valley`, switches every
 * layer (one screenshot each, kept in e2e/screenshots), zooms with the wheel, pans by dragging,
 * finds a land by name, clicks it and opens its page; a player sees the land the faucet minted to
 * them as theirs, opens it from the keyboard and expands it; a phone (390×844, touch) taps and pinches.
 * No console error anywhere.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OWNER_NOT_MINTED, decodeValleyMap, valleyMapLand, type ValleyMapPayload } from '@kingdom/game';
import { KingdomClient } from '../../tools/kingdom-client.ts';
import { baseUrl, expectPath, launchBrowser, openPage, pathOf, settle, signInWithDemoWallet } from '../helpers.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const LAYERS = ['biome', 'size', 'goldmine', 'ownership'] as const;

/** The view in the page's URL. */
function view(page: Page): { land: string | null; layer: string | null; zoom: number; at: string | null } {
  const p = new URL(page.url()).searchParams;
  return { land: p.get('land'), layer: p.get('layer'), zoom: Number(p.get('zoom') ?? 'NaN'), at: p.get('at') };
}

/** The canvas box on screen. */
async function canvasBox(page: Page) {
  const box = await page.getByTestId('valley-canvas').boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** Hex names of SMALL lands the mint still holds, from the public map endpoint. */
async function unmintedLands(): Promise<string[]> {
  const m = decodeValleyMap((await new KingdomClient(baseUrl()).call('valleyMap')) as ValleyMapPayload);
  const out: string[] = [];
  for (let i = 0; i < m.count; i++) if (m.owner[i] === OWNER_NOT_MINTED && m.size[i] === 0) out.push(valleyMapLand(m, i).hexName);
  return out;
}

describe('the Valley', () => {
  test('a visitor switches layers, zooms, pans, finds a land, clicks it and opens its page', async () => {
    const w = await openPage(browser, 'valley-visitor');
    const { page } = w;
    try {
      await page.goto('/valley');
      await expect.poll(() => page.getByTestId('valley-legend').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('valley-first-paint').length)).toBe(1);
      for (const layer of LAYERS) {
        await page.getByTestId(`layer-${layer}`).click();
        await expect.poll(() => page.getByTestId(`layer-${layer}`).getAttribute('aria-pressed')).toBe('true');
        await page.waitForTimeout(150);
        await w.shot(`layer-${layer}`);
      }
      expect(await page.getByTestId('valley-legend').textContent()).toMatch(/Not minted \([\d,]+\)/);
      await expect.poll(() => view(page).layer).toBe('ownership');

      // wheel zoom about the cursor: the URL's zoom grows
      const box = await canvasBox(page);
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
      await page.mouse.wheel(0, -600);
      await expect.poll(() => view(page).zoom, { timeout: 5_000 }).toBeGreaterThan(0);
      const zoomed = view(page);
      await page.mouse.wheel(0, -400);
      await expect.poll(() => view(page).zoom, { timeout: 5_000 }).toBeGreaterThan(zoomed.zoom);
      await w.shot('wheel-zoom');

      // drag pans: the hex at the centre changes, the zoom does not
      const before = view(page);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 220, box.y + box.height / 2 + 140, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => view(page).at, { timeout: 5_000 }).not.toBe(before.at);
      expect(view(page).zoom).toBe(before.zoom);
      // hover shows the tooltip
      await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 + 3);
      await expect.poll(() => page.getByTestId('valley-tooltip').textContent()).toMatch(/^[EW]\d{2}[NS]\d{2}/);

      // search flies to the land and selects it
      await page.getByLabel('Find a land by its hex name').fill('e03n12');
      await page.getByRole('button', { name: 'Find' }).click();
      await expect.poll(() => page.getByTestId('valley-panel-name').textContent()).toBe('E03N12');
      await expect.poll(() => view(page).land).toBe('E03N12');
      await page.waitForTimeout(700); // the flight
      await w.shot('search-e03n12');

      // the land sits at the centre after the flight: clicking there selects it again
      await page.getByRole('button', { name: 'Clear the selection' }).click();
      await expect.poll(() => page.getByText('Select a land').isVisible()).toBe(true);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => page.getByTestId('valley-panel-name').textContent()).toBe('E03N12');

      // a reload keeps the view
      const kept = page.url();
      await page.reload();
      await expect.poll(() => page.getByTestId('valley-panel-name').textContent(), { timeout: 20_000 }).toBe('E03N12');
      expect(view(page).layer).toBe('ownership');
      expect(new URL(kept).searchParams.get('land')).toBe('E03N12');

      await page.getByRole('link', { name: 'Open land page' }).click();
      await expectPath(page, '/land/E03N12');
      await expect.poll(() => page.getByTestId('land-detail').isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('land-neighbours').locator('a').count()).toBeGreaterThanOrEqual(6);
      await w.shot('land-page');
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  });

  test('a player sees their minted land highlighted and opens it with the keyboard', async () => {
    const w = await openPage(browser, 'valley-player');
    const { page } = w;
    try {
      const session = await signInWithDemoWallet(w, 'Cardano');
      const hex = (await unmintedLands())[25]!;
      const given = (await new KingdomClient(baseUrl()).faucet(session.walletAddress, { land: hex, items: { land_upgrade01: 1 } })) as { lands: string[] };
      expect(given.lands).toEqual([hex]);
      await page.goto(`/valley?land=${hex}&layer=ownership&zoom=18`);
      const panel = page.getByTestId('valley-panel');
      await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('Your land');
      await expect.poll(() => page.getByTestId('valley-legend').textContent()).toContain('Mine (1)');
      await w.shot('player-ownership');
      // keyboard: focus the map, pan with an arrow key, Enter opens the selected land
      await page.getByTestId('valley-canvas').focus();
      const at = view(page).at;
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => view(page).at, { timeout: 5_000 }).not.toBe(at);
      expect(view(page).at).not.toBeNull();
      await page.keyboard.press('Enter');
      await expectPath(page, `/land/${hex}`);
      await expect.poll(() => page.getByTestId('land-actions').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByTestId('land-minted').textContent()).toBe('Yes');
      await page.getByRole('button', { name: /Expand to M/ }).click();
      await expect.poll(() => page.getByTestId('land-detail').textContent(), { timeout: 20_000 }).toContain('7 cells');
      await w.shot('player-land-expanded');
      // /land alone shows the player's first land
      await page.goto('/land');
      await expect.poll(() => page.getByTestId('land-neighbours').getAttribute('aria-label'), { timeout: 20_000 }).toContain(hex);
      expect(pathOf(page)).toBe('/land');
      await settle(page);
      expect(w.errors).toEqual([]);
    } finally {
      await w.close();
    }
  });

  test('a phone (390×844, touch) taps a land and pinches to zoom', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, baseURL: baseUrl() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('simple/price') && !m.text().includes('ERR_CONNECTION_REFUSED')) errors.push(m.text());
    });
    try {
      await page.goto('/valley?zoom=20&at=E00S00');
      await expect.poll(() => page.getByTestId('valley-legend').isVisible(), { timeout: 20_000 }).toBe(true);
      const box = await canvasBox(page);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => page.getByTestId('valley-panel-name').textContent()).toBe('E00S00');
      const zoom = view(page).zoom;
      // a two-finger pinch outwards, as touch pointer events
      await page.evaluate(({ x, y }) => {
        const c = document.querySelector('[data-testid="valley-canvas"]')!;
        const ev = (type: string, id: number, px: number) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: px, clientY: y, bubbles: true, isPrimary: id === 1 }));
        ev('pointerdown', 1, x - 30);
        ev('pointerdown', 2, x + 30);
        for (let s = 1; s <= 10; s++) {
          ev('pointermove', 1, x - 30 - s * 8);
          ev('pointermove', 2, x + 30 + s * 8);
        }
        ev('pointerup', 1, x - 110);
        ev('pointerup', 2, x + 110);
      }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      await expect.poll(() => view(page).zoom, { timeout: 5_000 }).toBeGreaterThan(zoom * 2);
      await page.screenshot({ path: new URL('../screenshots/valley-phone-pinched.png', import.meta.url).pathname, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
