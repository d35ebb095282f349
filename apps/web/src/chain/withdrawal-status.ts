/** The status line key of a withdrawal (pure, for the modal and the history). */
import type { Withdrawal } from './types.ts';

/** i18n key and values of a withdrawal's status: requested → submitted (n of m) → confirmed; failed/expired returned. */
export function withdrawalStatusText(w: Pick<Withdrawal, 'status' | 'confirmations'>, required: number): { key: string; values: Record<string, number> } {
  if (w.status === 'submitted') return { key: 'chain.withdrawal.submitted', values: { n: w.confirmations, of: required } };
  return { key: `chain.withdrawal.${w.status}`, values: {} };
}
