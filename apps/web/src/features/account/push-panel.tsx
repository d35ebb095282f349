/**
 * Account → Settings, "Notifications on this device" (docs/product.md §10, "Push notifications"):
 * turn Web Push on for this browser (the browser asks for permission), pick topics and quiet hours,
 * turn it off. The subscription belongs to this device; the texts come in the app's language, which
 * follows the language switch.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_TOPICS, type PushSubscription as ServerSubscription, type PushTopic } from '@kingdom/api';
import { i18n } from '../../i18n/index.ts';
import { enPush } from '../../i18n/en-push.ts';
import { esPush } from '../../i18n/es-push.ts';
import { isLanguage } from '../../i18n/language.ts';
import { call } from '../../api/call.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import './push.css';
import { DEFAULT_TOPICS, deviceSubscription, deviceTimeZone, pushSupported, turnPushOff, turnPushOn } from './push-device.ts';

i18n.addResourceBundle('en', 'translation', enPush, true, false);
i18n.addResourceBundle('es', 'translation', esPush, true, false);

const QUERY_KEY = ['me', 'push-device'] as const;

/** This device's endpoint and the server's subscription of it (null: off). */
function usePushDevice() {
  return useQuery({
    queryKey: QUERY_KEY,
    enabled: pushSupported(),
    queryFn: async (): Promise<{ endpoint: string | null; sub: ServerSubscription | null }> => {
      const device = await deviceSubscription();
      if (!device) return { endpoint: null, sub: null };
      const { subscription } = await call('pushSubscription', { query: { endpoint: device.endpoint } });
      return { endpoint: device.endpoint, sub: subscription };
    },
  });
}

export function PushPanel() {
  const { t, i18n: i } = useTranslation();
  const q = usePushDevice();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const language = isLanguage(i.language) ? i.language : 'en';
  const sub = q.data?.sub ?? null;
  const endpoint = q.data?.endpoint ?? null;

  // the texts follow the app's language: a switch is told to the server
  useEffect(() => {
    if (sub && endpoint && sub.language !== language) {
      void call('pushUpdate', { body: { endpoint, language } }).then(() => qc.invalidateQueries({ queryKey: QUERY_KEY }), () => undefined);
    }
  }, [sub, endpoint, language, qc]);

  const supported = pushSupported();
  const denied = supported && Notification.permission === 'denied';
  const on = async () => {
    setBusy(true);
    try {
      await turnPushOn({ topics: DEFAULT_TOPICS, quiet_start: null, quiet_end: null }, language);
      notifySuccess(t('push.onSaved'));
    } catch (err) {
      if (err instanceof Error && err.message === 'denied') notifyError(t('push.denied'));
      else if (err instanceof Error && !('code' in err)) notifyError(t('push.failed', { reason: err.message }));
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: QUERY_KEY });
    }
  };
  const off = async () => {
    setBusy(true);
    try {
      await turnPushOff();
      notifySuccess(t('push.offSaved'));
    } catch { /* the call toasted */ } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: QUERY_KEY });
    }
  };

  return (
    <section className="panel" aria-labelledby="push-title" data-testid="push-panel">
      <h2 id="push-title" className="panel__title">{t('push.title')}</h2>
      <p className="muted">{t('push.lead')}</p>
      {!supported ? <p role="status">{t('push.unsupported')}</p>
        : denied ? <p role="status">{t('push.denied')}</p>
        : sub && endpoint ? (
          <>
            <p role="status">{t('push.on')}</p>
            <PushSettingsForm key={`${sub.topics.join()}|${sub.quiet_start}|${sub.quiet_end}`} sub={sub} endpoint={endpoint} onSaved={() => qc.invalidateQueries({ queryKey: QUERY_KEY })} />
            <div>
              <button type="button" className="btn" onClick={() => void off()} disabled={busy} data-testid="push-off">{t('push.turnOff')}</button>
            </div>
          </>
        ) : (
          <div>
            <button type="button" className="btn btn--primary" onClick={() => void on()} disabled={busy || q.isLoading} data-testid="push-on">
              {busy ? t('push.turningOn') : t('push.turnOn')}
            </button>
          </div>
        )}
    </section>
  );
}

function PushSettingsForm({ sub, endpoint, onSaved }: { sub: ServerSubscription; endpoint: string; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const [topics, setTopics] = useState<Set<PushTopic>>(new Set(sub.topics));
  const [quiet, setQuiet] = useState(sub.quiet_start !== null);
  const [from, setFrom] = useState(sub.quiet_start ?? '22:00');
  const [to, setTo] = useState(sub.quiet_end ?? '07:00');
  const [saving, setSaving] = useState(false);
  const toggle = (topic: PushTopic) => setTopics((s) => {
    const n = new Set(s);
    if (n.has(topic)) n.delete(topic); else n.add(topic);
    return n;
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await call('pushUpdate', {
        body: { endpoint, topics: PUSH_TOPICS.filter((x) => topics.has(x)), quiet_start: quiet ? from : null, quiet_end: quiet ? to : null, time_zone: deviceTimeZone() },
      });
      notifySuccess(t('push.saved'));
      await onSaved();
    } catch { /* the call toasted */ } finally {
      setSaving(false);
    }
  };
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} aria-label={t('push.title')}>
      <fieldset className="field">
        <legend>{t('push.topics')}</legend>
        {PUSH_TOPICS.map((topic) => (
          <label key={topic} className="check">
            <input type="checkbox" checked={topics.has(topic)} onChange={() => toggle(topic)} data-testid={`push-topic-${topic}`} /> {t(`push.topic.${topic}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>
          <label className="check">
            <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} data-testid="push-quiet" /> {t('push.quiet')}
          </label>
        </legend>
        {quiet ? (
          <div className="row-wrap">
            <label className="field">{t('push.quietFrom')} <input type="time" value={from} onChange={(e) => setFrom(e.target.value)} required data-testid="push-quiet-from" /></label>
            <label className="field">{t('push.quietTo')} <input type="time" value={to} onChange={(e) => setTo(e.target.value)} required data-testid="push-quiet-to" /></label>
          </div>
        ) : null}
        <small>{t('push.quietHint', { zone: deviceTimeZone() })}</small>
      </fieldset>
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving} data-testid="push-save">{t('push.save')}</button>
      </div>
    </form>
  );
}
