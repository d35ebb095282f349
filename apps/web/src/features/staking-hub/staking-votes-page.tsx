import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../i18n/format.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { AddVotesDialog } from './add-votes-dialog.tsx';
import { useVoteAction, useVotes } from './api.ts';
import './staking.css';

/** `/staking-hub/votes` ('My Votes'): lock/unlock EXO as points, allocations per project. */
export function StakingVotesPage() {
  const { t } = useTranslation();
  const q = useVotes();
  const action = useVoteAction();
  const [adding, setAdding] = useState<{ project: string; name: string } | null>(null);
  if (!useIsAuthenticated()) return <SignInPrompt />;
  if (q.isPending) return <CardSkeletons count={2} />;
  const v = q.data ?? { locked: 0, allocated: 0, free: 0, allocations: [] };
  return (
    <>
      <section className="panel" aria-labelledby="my-votes-title">
        <h2 id="my-votes-title" className="panel__title">{t('stakingHub.myVotes')}</h2>
        <dl className="stat-grid">
          <div className="stat"><dt className="stat__label">{t('stakingHub.locked')}</dt><dd className="stat__value" data-testid="votes-locked">{formatThousands(v.locked)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.allocated')}</dt><dd className="stat__value" data-testid="votes-allocated">{formatThousands(v.allocated)}</dd></div>
          <div className="stat"><dt className="stat__label">{t('stakingHub.free')}</dt><dd className="stat__value" data-testid="votes-free">{formatThousands(v.free)}</dd></div>
        </dl>
        <div className="vote-forms">
          <PointsForm kind="lock" max={null} />
          <PointsForm kind="unlock" max={v.free} />
        </div>
      </section>
      {v.allocations.length === 0 ? (
        <EmptyState title={t('staking.noVotes')} text={t('stakingHub.noVotesYet')}>
          <Link className="btn" to="/staking-hub/cardano">{t('staking.cardano')}</Link>
          <Link className="btn" to="/staking-hub/solana">{t('staking.solana')}</Link>
        </EmptyState>
      ) : (
        <section className="panel">
          <div className="table-wrap">
            <table className="table" data-testid="allocations">
              <caption className="sr-only">{t('stakingHub.allocationsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stakingHub.project')}</th>
                  <th scope="col" className="num">{t('stakingHub.votes')}</th>
                  <th scope="col"><span className="sr-only">{t('stakingHub.addVotes')}</span></th>
                </tr>
              </thead>
              <tbody>
                {v.allocations.map((a) => (
                  <tr key={a.project}>
                    <td><Link to={`/collection/${a.project}`}>{a.name}</Link></td>
                    <td className="num">{formatThousands(a.votes)}</td>
                    <td className="row-actions">
                      <button type="button" className="btn btn--small" onClick={() => setAdding(a)}>{t('stakingHub.addVotes')}</button>
                      <button type="button" className="btn btn--small btn--ghost" disabled={action.isPending}
                        onClick={() => action.mutate({ kind: 'remove', project: a.project, votes: a.votes, name: a.name })}>
                        {t('stakingHub.removeVotes')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {adding ? <AddVotesDialog project={adding.project} name={adding.name} onClose={() => setAdding(null)} /> : null}
    </>
  );
}

/** Lock EXO as vote points, or unlock free points (at most `max`); a whole number ≥ 1, else 'Not valid value'. */
function PointsForm({ kind, max }: { kind: 'lock' | 'unlock'; max: number | null }) {
  const { t } = useTranslation();
  const action = useVoteAction();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = `points-${kind}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1 || (max !== null && n > max)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    action.mutate(kind === 'lock' ? { kind: 'lock', amount: n } : { kind: 'unlock', amount: n }, { onSuccess: () => setText('') });
  };
  return (
    <form className="vote-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t(kind === 'lock' ? 'stakingHub.lockLabel' : 'stakingHub.unlockLabel')}</label>
      <input id={id} className="input" inputMode="numeric" value={text} maxLength={16} autoComplete="off"
        aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} onChange={(e) => setText(e.target.value)} />
      {invalid ? <p id={`${id}-error`} className="field-error" role="alert">{t('stakingHub.notValid')}</p> : null}
      <button type="submit" className={kind === 'lock' ? 'btn btn--gold' : 'btn'} disabled={action.isPending} data-testid={`${kind}-submit`}>
        {t(kind === 'lock' ? 'stakingHub.lock' : 'stakingHub.unlock')}
      </button>
    </form>
  );
}
