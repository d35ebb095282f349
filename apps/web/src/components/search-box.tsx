import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A search form; submits the trimmed text. Give it `key={value}` to reset it when `value` changes. */
export function SearchBox({ value, onSearch, label }: { value: string; onSearch(text: string): void; label: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="search" role="search" onSubmit={submit}>
      <label className="sr-only" htmlFor="land-search">
        {label}
      </label>
      <input id="land-search" type="search" value={text} placeholder={label} maxLength={64} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn--ghost">
        {t('inventory.searchButton')}
      </button>
      {value ? (
        <button type="button" className="btn btn--link" onClick={() => onSearch('')}>
          {t('inventory.clear')}
        </button>
      ) : null}
    </form>
  );
}
