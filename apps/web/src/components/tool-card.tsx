import { useTranslation } from 'react-i18next';
import type { MiningTool } from '@kingdom/api';
import { shortenMiddle } from '@kingdom/game';
import { formatTokenAmount } from '../i18n/format.ts';

/** One mining tool: name, serial and the HEXO it pays a day. */
export function ToolCard({ tool }: { tool: MiningTool }) {
  const { t } = useTranslation();
  return (
    <li className="card tool-card" data-testid="tool-card">
      <div className="land-card__head">
        <span className="land-card__name">{tool.name}</span>
        <span className="badge">{t('tool.serial', { serial: tool.serial })}</span>
      </div>
      <p className="tool-card__daily">{t('tool.daily', { amount: formatTokenAmount(tool.daily_hexo, 'hexo') })}</p>
      {tool.owner ? <p className="mono muted">{shortenMiddle(tool.owner, 10, 6)}</p> : null}
    </li>
  );
}

/** A grid of {@link ToolCard}s. */
export function ToolGrid({ tools, label }: { tools: readonly MiningTool[]; label: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </ul>
  );
}
