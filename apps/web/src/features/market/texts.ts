/** The Market's texts (en, es), added to i18next by whichever of its modules loads first: the page or the fill watcher. */
import { i18n } from '../../i18n/index.ts';
import { enMarket } from '../../i18n/en-market.ts';
import { esMarket } from '../../i18n/es-market.ts';

i18n.addResourceBundle('en', 'translation', enMarket, true, false);
i18n.addResourceBundle('es', 'translation', esMarket, true, false);
