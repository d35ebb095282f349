import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

/** "Not connected" empty state with a way to the login page, for pages that need a session. */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('empty.notConnected')} text={t('empty.signInText')}>
      <Link className="btn btn--primary" to="/login">
        {t('empty.signIn')}
      </Link>
    </EmptyState>
  );
}
