/**
 * `/console/announce` (admin writes): maintenance on or off for every server at once, with the
 * message and end time players are told; and a broadcast inbox message to every player, a chain's
 * players or the land owners. Each asks for the reason written to the audit log.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { formatThousands } from '../../i18n/format.ts';
import { useBroadcast, useMaintenanceState, useSetMaintenance } from './api.ts';
import { ActionButton, ActionDialog, Facts, Section, TimeText } from './ui.tsx';

type Audience = 'all' | 'chain' | 'land_owners';
type Chain = 'cardano' | 'solana';

/** A `datetime-local` value read as UTC → ISO 8601, or undefined when empty or invalid. */
export function utcInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value.length === 16 ? `${value}:00Z` : `${value}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function MaintenanceDialog({ on, onClose }: { on: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const set = useSetMaintenance();
  const [message, setMessage] = useState('');
  const [ends, setEnds] = useState('');
  const endsIso = utcInputToIso(ends);
  return (
    <ActionDialog
      title={on ? t('console.announce.switchOn') : t('console.announce.switchOff')}
      role="admin"
      onClose={onClose}
      danger={on}
      submitLabel={on ? t('console.announce.switchOn') : t('console.announce.switchOff')}
      extraValid={!on || ends === '' || endsIso !== undefined}
      testId="maintenance-dialog"
      onSubmit={(reason) => set.mutateAsync(on ? { on, message: message.trim() || undefined, ends_at: endsIso, reason } : { on, reason }).then(() => notifySuccess(t('console.actions.done')))}
    >
      {on ? (
        <>
          <p className="muted">{t('console.announce.onLead')}</p>
          <label className="field">
            {t('console.announce.message')}
            <textarea value={message} maxLength={500} rows={3} onChange={(e) => setMessage(e.target.value)} data-testid="maintenance-message" />
          </label>
          <label className="field">
            {t('console.announce.endsAt')}
            <input type="datetime-local" value={ends} onChange={(e) => setEnds(e.target.value)} data-testid="maintenance-ends" />
          </label>
        </>
      ) : <p className="muted">{t('console.announce.offLead')}</p>}
    </ActionDialog>
  );
}

function BroadcastDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const send = useBroadcast();
  const [audience, setAudience] = useState<Audience>('all');
  const [chain, setChain] = useState<Chain>('cardano');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <ActionDialog
      title={t('console.announce.broadcastTitle')}
      role="admin"
      onClose={onClose}
      submitLabel={t('console.announce.send')}
      extraValid={title.trim() !== '' && body.trim() !== ''}
      testId="broadcast-dialog"
      onSubmit={(reason) => send.mutateAsync({ audience, ...(audience === 'chain' ? { chain } : {}), title: title.trim(), body: body.trim(), reason })
        .then((r) => notifySuccess(t('console.announce.sent', { count: r.recipients, n: formatThousands(r.recipients) })))}
    >
      <div className="filters">
        <label className="field">
          {t('console.announce.audience')}
          <select value={audience} onChange={(e) => setAudience(e.target.value as Audience)} data-testid="broadcast-audience">
            <option value="all">{t('console.announce.audiences.all')}</option>
            <option value="chain">{t('console.announce.audiences.chain')}</option>
            <option value="land_owners">{t('console.announce.audiences.land_owners')}</option>
          </select>
        </label>
        {audience === 'chain' ? (
          <label className="field">
            {t('console.search.chain')}
            <select value={chain} onChange={(e) => setChain(e.target.value as Chain)} data-testid="broadcast-chain">
              <option value="cardano">{t('console.chains.cardano')}</option>
              <option value="solana">{t('console.chains.solana')}</option>
            </select>
          </label>
        ) : null}
      </div>
      <label className="field">
        {t('console.announce.messageTitle')}
        <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} data-testid="broadcast-title" />
      </label>
      <label className="field">
        {t('console.announce.messageBody')}
        <textarea value={body} maxLength={2000} rows={4} onChange={(e) => setBody(e.target.value)} data-testid="broadcast-body" />
      </label>
    </ActionDialog>
  );
}

/** `/console/announce`. */
export function AnnouncePage() {
  const { t } = useTranslation();
  const m = useMaintenanceState();
  const [dialog, setDialog] = useState<'on' | 'off' | 'broadcast' | null>(null);
  const none = t('console.none');
  return (
    <>
      <PageHeader title={t('console.announce.title')} lead={t('console.announce.lead')} />
      <Section id="maintenance" title={t('console.announce.maintenance')} testId="maintenance">
        {m.isError ? <InlineError>{t('console.loadFailed')}</InlineError> : null}
        {m.data ? (
          <>
            <Facts testId="maintenance-state" rows={[
              [t('console.announce.state'), <strong key="s" data-testid="maintenance-on" className={m.data.on ? 'console-on' : undefined}>{m.data.on ? t('console.announce.on') : t('console.announce.off')}</strong>],
              [t('console.announce.message'), m.data.message ?? none],
              [t('console.announce.endsAt'), <TimeText key="e" at={m.data.ends_at} />],
              [t('console.announce.since'), <TimeText key="f" at={m.data.since} />],
            ]} />
            {m.data.forced_by_env ? <p className="muted">{t('console.announce.forcedByEnv')}</p> : null}
            <div className="console-actions">
              {m.data.on
                ? <ActionButton role="admin" label={t('console.announce.switchOff')} onClick={() => setDialog('off')} testId="maintenance-off" />
                : <ActionButton role="admin" label={t('console.announce.switchOn')} onClick={() => setDialog('on')} testId="maintenance-on-button" />}
            </div>
          </>
        ) : m.isError ? null : <p className="muted" role="status">{t('console.loading')}</p>}
      </Section>
      <Section id="broadcast" title={t('console.announce.broadcast')} testId="broadcast">
        <p className="muted">{t('console.announce.broadcastLead')}</p>
        <div className="console-actions">
          <ActionButton role="admin" label={t('console.announce.broadcastButton')} onClick={() => setDialog('broadcast')} testId="broadcast-open" />
        </div>
      </Section>
      {dialog === 'on' || dialog === 'off' ? <MaintenanceDialog on={dialog === 'on'} onClose={() => setDialog(null)} /> : null}
      {dialog === 'broadcast' ? <BroadcastDialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
