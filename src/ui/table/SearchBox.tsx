import { useEffect, useMemo, useRef, useState } from 'react';
import { createDebouncer } from './debounce';

/** The table's search field: what is typed is committed after a pause, or at once with Enter. */
export function SearchBox({
  value,
  onCommit,
  placeholder,
}: {
  value: string;
  onCommit: (v: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  const debouncer = useMemo(() => createDebouncer<string>((v) => commit.current(v)), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // Back/forward or a reset changed the search from outside: show it, unless the user is typing.
  if (value !== seen) {
    setSeen(value);
    if (!debouncer.pending) setText(value);
  }
  return (
    <div className="table-search">
      <svg
        className="table-search-icon"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        type="search"
        aria-label="Zoeken"
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          debouncer.push(e.target.value);
        }}
        onKeyDown={(e) => e.key === 'Enter' && debouncer.flush()}
      />
    </div>
  );
}
