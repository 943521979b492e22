import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { SearchIcon } from "./icons";

export function productSearchHref(name: string): string {
  return `/products?product_name=${encodeURIComponent(name)}`;
}

/**
 * The header search. Without JavaScript it is a GET form to /products. With
 * it, typing shows live suggestions (debounced) in an ARIA combobox:
 * arrows move, Enter or a click opens the product list for that name,
 * Escape closes.
 */
export function SearchBox({ id }: { id: string }) {
  const fetcher = useFetcher<{ suggestions: string[] }>();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const query = value.trim();
  const suggestions = query && fetcher.data ? fetcher.data.suggestions : [];
  const expanded = open && suggestions.length > 0;

  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(next: string) {
    setValue(next);
    setActive(-1);
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (!trimmed) {
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = setTimeout(
      () => fetcher.load(`/search/suggestions?q=${encodeURIComponent(trimmed)}`),
      200,
    );
  }

  function choose(name: string) {
    setOpen(false);
    setValue(name);
    navigate(productSearchHref(name));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      className="search-form"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={id} className="visually-hidden">
        Search removal items
      </label>
      <input
        id={id}
        type="search"
        name="product_name"
        placeholder="Search items"
        maxLength={100}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => query && setOpen(true)}
      />
      <button type="submit" className="search-button">
        <SearchIcon />
        <span>Search</span>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="search-suggestions"
        hidden={!expanded}
      >
        {suggestions.map((name, i) => (
          <li
            key={name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? "active" : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(name);
            }}
          >
            {name}
          </li>
        ))}
      </ul>
    </Form>
  );
}
