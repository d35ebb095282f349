/**
 * The console's building blocks: exact amounts, times, a guarded action button (shows the role an
 * action needs; disabled with the reason for a weaker role, never hidden) and the action dialog
 * that requires the operator's reason (kept in the audit log).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isToken, shortenMiddle, TOKEN_SYMBOLS } from '@kingdom/game';
import { Dialog } from '../../components/dialog.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { formatDateTime, exactTokenAmount, formatThousands } from '../../i18n/format.ts';
import { formatAda, formatSol } from '../../chain/format.ts';
import { ApiError } from '../../api/client.ts';
import { roleAtLeast, useOperator, type OperatorRole } from './operator.ts';

/** The least reason the contract takes (`actionReason`: 3 to 500 characters). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * An amount of `asset` in base units, exact (every decimal the unit has): a token (6 decimals),
 * `ada`/`lovelace` (ADA), `sol`/`lamports` (SOL); anything else (items, counts) as the number.
 */
export function amountText(base: string, asset: string): string {
  const a = asset.toLowerCase();
  if (isToken(a)) return `${exactTokenAmount(base, a)} ${TOKEN_SYMBOLS[a]}`;
  if (a === 'ada' || a === 'lovelace') return `${formatAda(base)} ADA`;
  if (a === 'sol' || a === 'lamports') return `${formatSol(base)} SOL`;
  return /^-?\d+$/.test(base) ? formatThousands(base) : base;
}

/** A time in UTC ("2 Dec 2026, 01:20"), or the dash. */
export function TimeText({ at }: { at: string | null | undefined }) {
  const { t } = useTranslation();
  if (!at) return <span className="muted">{t('console.none')}</span>;
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** A long identifier (address, hash) in monospace, broken anywhere, whole in its title. */
export function Mono({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <span className="muted">{t('console.none')}</span>;
  return <span className="mono break" title={value}>{value}</span>;
}

/** A wallet address shortened in the middle, whole in its title (and for screen readers). */
export function ShortAddress({ value }: { value: string }) {
  return <span className="mono" title={value} aria-label={value}>{shortenMiddle(value, 10, 6)}</span>;
}

/** A section of a console page: a panel with its heading. */
export function Section({ id, title, actions, children, testId }: { id: string; title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="panel console-section" aria-labelledby={id} data-testid={testId}>
      <div className="console-section__head">
        <h2 id={id} className="panel__title">{title}</h2>
        {actions ? <div className="console-section__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** The dash of an empty list. */
export function Empty({ text }: { text: string }) {
  return <p className="muted console-empty">{text}</p>;
}

/**
 * A button that opens an action needing `role`: it says the role; for a weaker operator it is
 * disabled and the reason is written beside it (nothing hidden).
 */
export function ActionButton({ role, label, onClick, testId, variant = 'btn' }: { role: OperatorRole; label: string; onClick(): void; testId?: string; variant?: string }) {
  const { t } = useTranslation();
  const op = useOperator();
  const can = roleAtLeast(op.role, role);
  const hint = useId();
  const roleName = t(`console.roles.${role}`);
  return (
    <span className="console-action">
      <button type="button" className={`${variant} btn--small`} disabled={!can} onClick={onClick} data-testid={testId} aria-describedby={hint}>
        {label}
      </button>
      <small id={hint} className={can ? 'console-action__role' : 'console-action__role console-action__role--denied'}>
        {can ? t('console.needsRole', { role: roleName }) : t('console.roleTooLow', { role: t(`console.roles.${op.role}`), needed: roleName })}
      </small>
    </span>
  );
}

/** The two-person rule as it applies to a money action of `token`: the limit, and who could approve. */
export function TwoPersonNote({ token }: { token: string }) {
  const { t } = useTranslation();
  const op = useOperator();
  return <p className="muted" data-testid="two-person-note">{t('console.actions.twoPerson', { limit: amountText(op.twoPersonLimit, token), count: op.otherAdmins })}</p>;
}

/** The texts of an action's failure: the catalogue's message of its code (already toasted too). */
function failureText(e: unknown): string {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}

/**
 * The dialog of one action: its fields, the reason (required, written to the audit log with the
 * action) and the role it needs. `onSubmit(reason)` sends it; the dialog closes when it resolves.
 */
export function ActionDialog({ title, role, onClose, onSubmit, children, submitLabel, danger, testId, extraValid = true }: {
  title: string;
  role: OperatorRole;
  onClose(): void;
  onSubmit(reason: string): Promise<unknown>;
  children?: ReactNode;
  submitLabel: string;
  danger?: boolean;
  testId?: string;
  /** False while the action's own fields are not valid. */
  extraValid?: boolean;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const trimmed = reason.trim();
  const valid = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX && extraValid;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || pending) return;
    setPending(true);
    setError(null);
    onSubmit(trimmed).then(
      () => onClose(),
      (err: unknown) => {
        setError(failureText(err));
        setPending(false);
      },
    );
  };
  return (
    <Dialog title={title} onClose={onClose} className="dialog--wide">
      <form className="console-form" onSubmit={submit} data-testid={testId}>
        <p className="muted console-form__role">{t('console.actions.roleNeeded', { role: t(`console.roles.${role}`) })}</p>
        {children}
        <label className="field console-form__reason" htmlFor={reasonId}>
          {t('console.actions.reason')}
          <textarea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={REASON_MAX} required minLength={REASON_MIN} data-testid="action-reason" />
          <small>{t('console.actions.reasonHint', { min: REASON_MIN })}</small>
        </label>
        {error ? <InlineError>{error}</InlineError> : null}
        <div className="console-form__buttons">
          <button type="button" className="btn btn--ghost" onClick={onClose}>{t('console.actions.cancel')}</button>
          <button type="submit" className={danger ? 'btn btn--danger' : 'btn btn--primary'} disabled={!valid || pending} data-testid="action-submit">
            {pending ? t('console.actions.sending') : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A small table of label → value rows. */
export function Facts({ rows, testId }: { rows: readonly (readonly [string, ReactNode])[]; testId?: string }) {
  return (
    <dl className="console-facts" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k} className="console-facts__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Yes"/"No" in words. */
export function YesNo({ value }: { value: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <span className="muted">{t('console.none')}</span>;
  return <>{value ? t('console.yes') : t('console.no')}</>;
}
