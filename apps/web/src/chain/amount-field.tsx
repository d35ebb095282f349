import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The whole-token amount input of the deposit and withdrawal modals (docs/product.md §5): digits only, at most
 * 21 (the contract's bound), with its validation text (`error`, null when valid) tied to it.
 */
export function AmountField({ symbol, value, error, onChange }: { symbol: string; value: string; error: string | null; onChange(value: string): void }) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <>
      <label className="field">
        {t('chain.amount', { token: symbol })}
        <input inputMode="numeric" autoComplete="off" maxLength={21} value={value} data-testid="chain-amount"
          aria-invalid={error !== null} aria-describedby={error !== null ? errorId : undefined}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />
      </label>
      {error !== null ? <p id={errorId} className="field-error" role="alert">{error}</p> : null}
    </>
  );
}
