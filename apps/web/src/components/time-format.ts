/**
 * Display of instants: absolute UTC times (the game runs on UTC, docs/game-rules.md §1) and a short
 * countdown. Pure; the current time is a parameter. Relative past times use `relativeTime` of
 * `@kingdom/game` (docs/product.md §9).
 */
import { relativeTime } from '@kingdom/game';
import { i18n } from '../i18n/index.ts';

/**
 * docs/product.md §9's relative time (`relativeTime` of `@kingdom/game`: 'Today', then days, weeks, months,
 * years ago) in the current language.
 */
export function relativeTimeText(then: number, now: number): string {
  const en = relativeTime(then, now);
  const m = /^(\d+)([dwmy]) ago$/.exec(en);
  if (!m) return i18n.t('time.today');
  return i18n.t(`time.ago.${m[2]}`, { count: Number(m[1]) });
}

/** `2025-03-04T06:00:00.000Z` → `2025-03-04 06:00 UTC`. */
export function formatUtc(iso: string | number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return i18n.t('time.utc', { time: d.toISOString().slice(0, 16).replace('T', ' ') });
}

/**
 * Time left until `at` from `now` (ms): `in 5 d 18 h` from two days on (docs/game-rules.md §2: "in 138 h 50 min"
 * read badly), `in 5 h 30 min`, `in 12 min`, or `now`.
 */
export function formatCountdown(at: number, now: number): string {
  const minutes = Math.ceil(Math.max(0, at - now) / 60_000);
  if (minutes <= 0) return i18n.t('time.now');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) return i18n.t('time.inDays', { d: Math.floor(h / 24), h: h % 24 });
  return h > 0 ? i18n.t('time.inHours', { h, m }) : i18n.t('time.inMinutes', { m });
}
