import { useEffect, useRef, useState } from 'react';
import { useText } from '../../i18n';
import { statusLabel } from './labels';
import type { DispatchIssueOption, DispatchStatusOption } from './types';
import './issues.css';

export type Props = {
  /** The issues to show, as the parent fetched them for the last onSearch. */
  issues: DispatchIssueOption[];
  /** The chosen issue, kept by the parent so it stays shown while other searches run. */
  selectedIssue: DispatchIssueOption | null;
  statuses: DispatchStatusOption[];
  loading?: boolean;
  error?: string | null;
  onSearch: (query: string, statuses: string[]) => void;
  onPickIssue: (issue: DispatchIssueOption) => void;
};

/**
 * Search box, status filter chips and the issue list for a comment dispatch. It asks for a search
 * when shown and on every change of the words or the filter; the parent fetches (and may debounce,
 * keeping only the newest answer). Keyed by project, so a new project starts a fresh search.
 */
export function IssuePicker(props: Props) {
  const t = useText();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<string[]>([]);
  const onSearch = useRef(props.onSearch);
  onSearch.current = props.onSearch;
  const filterKey = filter.join('\n');

  useEffect(() => {
    onSearch.current(query.trim(), filterKey ? filterKey.split('\n') : []);
  }, [query, filterKey]);

  const toggle = (key: string) =>
    setFilter((keys) =>
      keys.includes(key)
        ? keys.filter((item) => item !== key)
        : props.statuses.map((status) => status.key).filter((item) => item === key || keys.includes(item)),
    );

  return (
    <section className="rb-card rb-issue-picker" aria-labelledby="rb-issue-picker-title">
      <h2 id="rb-issue-picker-title" className="rb-section-title">
        {t('Issue')}
      </h2>
      {props.selectedIssue ? (
        <p className="rb-issue-chosen" aria-live="polite">
          <span className="rb-visually-hidden">{t('Chosen issue: ')}</span>
          <span className="rb-issue-id">{props.selectedIssue.identifier}</span>{' '}
          <span className="rb-issue-title">{props.selectedIssue.title}</span>{' '}
          <span className="rb-pill">{statusLabel(props.selectedIssue.status, props.statuses)}</span>
        </p>
      ) : (
        <p className="rb-hint rb-issue-chosen-none">{t('Choose the issue to comment on.')}</p>
      )}
      <div className="rb-field">
        <label className="rb-visually-hidden" htmlFor="rb-issue-search">
          {t('Search issues')}
        </label>
        <input
          id="rb-issue-search"
          className="rb-input"
          type="search"
          value={query}
          placeholder={t('Title word, 42 or ACME-42')}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {props.statuses.length > 0 && (
        <fieldset className="rb-chip-row rb-status-chips">
          <legend className="rb-visually-hidden">{t('Status')}</legend>
          {props.statuses.map((status) => (
            <label key={status.key} className="rb-chip">
              <input
                type="checkbox"
                className="rb-visually-hidden"
                checked={filter.includes(status.key)}
                onChange={() => toggle(status.key)}
              />
              {status.name}
            </label>
          ))}
        </fieldset>
      )}
      {props.error && <p className="rb-error">{props.error}</p>}
      {props.loading && props.issues.length === 0 ? (
        <p className="rb-empty">
          <span className="rb-spinner rb-inline-spinner" aria-hidden="true" /> {t('Searching…')}
        </p>
      ) : props.issues.length === 0 ? (
        !props.error && <p className="rb-empty">{t('No matching issues in this project.')}</p>
      ) : (
        <ul className="rb-list rb-issue-list" aria-busy={props.loading ? 'true' : undefined}>
          {props.issues.map((issue) => {
            const selected = issue.id === props.selectedIssue?.id;
            return (
              <li key={issue.id}>
                <button
                  type="button"
                  className="rb-issue-option"
                  aria-pressed={selected}
                  onClick={() => props.onPickIssue(issue)}
                >
                  <span className="rb-issue-id">{issue.identifier}</span>
                  <span className="rb-issue-title">{issue.title}</span>
                  <span className="rb-pill rb-issue-status">{statusLabel(issue.status, props.statuses)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
