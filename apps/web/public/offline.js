/*
 * The offline page (served by the service worker when a page cannot load; docs/product.md §10):
 * "you are offline" in the player's language and the last balances this browser saw, marked with when
 * they were seen — never shown as current money.
 */
(function () {
  var T = {
    en: { title: 'You are offline', lead: 'The Kingdom needs the network. Your mines keep working; come back when you are online.',
      stale: 'Last balances seen on {at} — not current: they may have changed since.', retry: 'Try again' },
    es: { title: 'Estás sin conexión', lead: 'El Reino necesita la red. Tus minas siguen trabajando; vuelve cuando tengas conexión.',
      stale: 'Últimos saldos vistos el {at}; no son actuales: pueden haber cambiado.', retry: 'Reintentar' },
  };
  var SYMBOLS = { exo: 'EXO', hexo: 'HEXO', food: 'FOOD', rune: 'RUNE' };
  var lang = 'en';
  try { lang = localStorage.getItem('kingdom.language') === 'es' ? 'es' : (localStorage.getItem('kingdom.language') ? 'en' : ((navigator.language || '').slice(0, 2) === 'es' ? 'es' : 'en')); } catch { /* storage blocked */ }
  var t = T[lang];
  document.documentElement.lang = lang;
  document.getElementById('title').textContent = t.title;
  document.getElementById('lead').textContent = t.lead;
  document.getElementById('retry').textContent = t.retry;
  document.getElementById('retry').addEventListener('click', function () { location.reload(); });
  window.addEventListener('online', function () { location.reload(); });
  function amount(base) {
    if (!/^\d+$/.test(base)) return base;
    var s = base.padStart(7, '0');
    var whole = s.slice(0, -6).replace(/^0+(?=\d)/, '');
    var frac = s.slice(-6).replace(/0+$/, '');
    return BigInt(whole).toLocaleString(lang) + (frac ? (lang === 'es' ? ',' : '.') + frac : ''); // BigInt: exact past 2^53
  }
  try {
    var seen = JSON.parse(localStorage.getItem('kingdom.lastBalances') || 'null');
    if (seen && seen.balances && seen.at) {
      var rows = document.getElementById('rows');
      Object.keys(SYMBOLS).forEach(function (k) {
        if (typeof seen.balances[k] !== 'string') return;
        var tr = document.createElement('tr');
        var th = document.createElement('th');
        th.textContent = SYMBOLS[k];
        var td = document.createElement('td');
        td.textContent = amount(seen.balances[k]);
        tr.appendChild(th);
        tr.appendChild(td);
        rows.appendChild(tr);
      });
      document.getElementById('stale').textContent = t.stale.replace('{at}', new Date(seen.at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC') // the app's one time format;
      document.getElementById('balances').hidden = false;
    }
  } catch { /* nothing seen */ }
})();
