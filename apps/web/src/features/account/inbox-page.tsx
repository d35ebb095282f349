import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Notification } from '@kingdom/api';
import { useMarkRead, useNotifications } from './api.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Pager } from '../../components/pager.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { formatUtc, relativeTimeText } from '../../components/time-format.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import { useListParams } from '../../components/use-list-params.ts';
import { notificationText, reportOf, stakingReportDay } from './notification-text.ts';

function NotificationItem({ n, now, onOpen }: { n: Notification; now: number; onOpen(n: Notification): void }) {
  const { t } = useTranslation();
  const { title, text } = notificationText(n);
  const report = reportOf(n) ?? stakingReportDay(n);
  return (
    <li className={n.read ? 'note' : 'note note--unread'} data-testid="notification" data-read={n.read} data-type={n.type}>
      <button type="button" className="note__button" onClick={() => onOpen(n)}>
        <span className="note__dot" aria-hidden="true" />
        <span className="note__body">
          <span className="note__title">
            {title}
            {n.read ? null : <span className="badge badge--gold note__unread">{t('inbox.unread')}</span>}
          </span>
          {text ? <span className="note__text">{text}</span> : null}
          {report ? <span className="note__hint">{t('inbox.openReport')}</span> : null}
        </span>
        <time className="note__time" dateTime={n.created_at} title={formatUtc(n.created_at)}>
          {relativeTimeText(Date.parse(n.created_at), now)}
        </time>
      </button>
    </li>
  );
}

/** `/account/inbox`: notifications newest first, paged; unread marked; a daily report opens its modal route. */
export function AccountInboxPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListParams();
  const q = useNotifications(page);
  const markRead = useMarkRead();
  const now = useGameNow();
  const navigate = useNavigate();
  const { search } = useLocation();

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    const r = reportOf(n);
    // the report is its own route over the inbox (features/mines owns it)
    if (r) void navigate({ pathname: `/account/inbox/report/${r.mine}/${r.day}`, search });
    const day = stakingReportDay(n);
    if (day) void navigate({ pathname: `/account/inbox/staking-report/${day}`, search });
  };

  if (q.isPending) return <CardSkeletons count={3} />;
  if (!q.data || q.data.total === 0) return <EmptyState title={t('account.noInbox')} text={t('account.noInboxText')} />;
  return (
    <>
      <div className="list-toolbar">
        <p className="muted" data-testid="inbox-unread">
          {t('inbox.summary', { count: q.data.total, unread: q.data.unread })}
        </p>
        <button type="button" className="btn btn--ghost" disabled={q.data.unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          {t('inbox.markAll')}
        </button>
      </div>
      <ul className="notes" aria-label={t('account.inbox')}>
        {q.data.notifications.map((n) => (
          <NotificationItem key={n.id} n={n} now={now} onOpen={open} />
        ))}
      </ul>
      <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} />
      <Outlet />
    </>
  );
}
