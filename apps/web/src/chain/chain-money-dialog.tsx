import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBlocksButton } from '../components/demo-blocks-button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { AmountField } from './amount-field.tsx';
import './chain.css';

/** Props of {@link ChainMoneyDialog}. */
export interface ChainMoneyDialogProps {
  /** The dialog's title, e.g. "Deposit of EXO". */
  title: string;
  /** The line under the title. */
  lead: string;
  /** The token's symbol, for the amount field's label. */
  symbol: string;
  /** The submit button's text. */
  submitLabel: string;
  /** Checks the typed whole-token amount: the message shown under the field, or null when it may go. */
  validate(amount: string): string | null;
  /** Called with a valid amount (whole tokens, digits only). */
  onSubmit(amount: string): void;
  /** True while the request is under way: the submit button is disabled. */
  pending: boolean;
  /** The last request's refusal, shown as an alert; null when none. */
  failure: string | null;
  /** The step of the request under way (e.g. "Sign in your wallet…"), or null. */
  step?: string | null;
  /** Once the request went through: its progress, shown instead of the form (with a Close button). */
  progress: ReactNode | null;
  onClose(): void;
  /** The facts above the form: the address the money goes to or comes from, what is held. */
  children: ReactNode;
}

/**
 * The frame shared by the deposit and withdrawal modals of HEXO / EXO (docs/product.md §2 modal, §5
 * validation): title and lead, the facts, then the amount form (validation text, refusal, step) until the
 * request goes through, and its progress with the demo chain's "next blocks" and Close after.
 */
export function ChainMoneyDialog(props: ChainMoneyDialogProps) {
  const { title, lead, symbol, submitLabel, validate, onSubmit, pending, failure, step, progress, onClose, children } = props;
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validate(amount);
    if (problem !== null) return setInvalid(problem);
    onSubmit(amount);
  };
  return (
    <Dialog title={title} onClose={onClose} className="dialog--chain">
      <p className="muted">{lead}</p>
      {children}
      {progress ? (
        <>
          {progress}
          <div className="dialog__actions"><DemoBlocksButton className="btn btn--ghost" /><button type="button" className="btn" onClick={onClose} data-testid="chain-close">{t('chain.close')}</button></div>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="form-stack">
          <AmountField symbol={symbol} value={amount} error={invalid} onChange={(v) => { setAmount(v); setInvalid(null); }} />
          {failure ? <p className="field-error" role="alert" data-testid="chain-failure">{failure}</p> : null}
          {step ? <p className="muted" aria-live="polite">{step}</p> : null}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>{t('vendor.cancel')}</button>
            <button type="submit" className="btn btn--primary" disabled={pending} data-testid="chain-submit">{submitLabel}</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
