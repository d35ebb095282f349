/** The add-votes modal and the hook the project lists open it with. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StakingProject } from '@kingdom/api';
import { formatThousands } from '../../i18n/format.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { Dialog } from '../../components/dialog.tsx';
import { useVoteAction, useVotes } from './api.ts';
import './staking.css';

/** The add-votes modal (docs/product.md §2): a whole number from 1 to the free points, else 'Not valid value' under the field. */
export function AddVotesDialog({ project, name, onClose }: { project: string; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const votes = useVotes();
  const action = useVoteAction();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const free = votes.data?.free ?? 0;
  // no free points (nothing locked, or all allocated): say where they come from, not "Votes (1 – 0)"
  const noneFree = votes.data !== undefined && free < 1;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > free) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    action.mutate({ kind: 'add', project, votes: n, name }, { onSuccess: onClose, onError: () => setInvalid(true) });
  };
  return (
    <Dialog title={t('stakingHub.addTitle', { name })} onClose={onClose}>
      <form className="vote-form" onSubmit={submit} noValidate>
        <p className="muted">{t('stakingHub.free')}: <strong data-testid="free-points">{formatThousands(free)}</strong></p>
        {noneFree ? (
          <p className="notice" data-testid="no-free-votes">
            {t('stakingHub.noFreeVotes')} <Link to="/staking-hub/votes" onClick={onClose}>{t('stakingHub.lock')}</Link>
          </p>
        ) : (
          <>
            <label htmlFor="add-votes-input">{t('stakingHub.votesLabel', { free: formatThousands(free) })}</label>
            <input
              id="add-votes-input" className="input" inputMode="numeric" value={text} autoComplete="off" maxLength={16}
              aria-invalid={invalid} aria-describedby={invalid ? 'add-votes-error' : undefined}
              onChange={(e) => setText(e.target.value)}
            />
          </>
        )}
        {invalid ? <p id="add-votes-error" className="field-error" role="alert">{t('stakingHub.notValid')}</p> : null}
        <button type="submit" className="btn btn--gold" disabled={action.isPending || noneFree} data-testid="add-votes-submit">
          {t('stakingHub.addVotes')}
        </button>
      </form>
    </Dialog>
  );
}

/**
 * Add votes to a project from a list: `open(p)` shows the modal for a signed-in player, else goes to
 * `/login`; render `dialog` in the page.
 */
export function useAddVotes() {
  const authed = useIsAuthenticated();
  const navigate = useNavigate();
  const [target, setTarget] = useState<StakingProject | null>(null);
  const open = (p: StakingProject) => (authed ? setTarget(p) : void navigate('/login'));
  const dialog = target ? <AddVotesDialog project={target.project} name={target.name} onClose={() => setTarget(null)} /> : null;
  return { open, dialog };
}
